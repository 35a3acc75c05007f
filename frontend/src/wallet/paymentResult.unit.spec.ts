import { describe, expect, it } from 'vitest';
import { paymentOutcome, statusModalFor, withdrawalOutcome } from './paymentResult.ts';

describe('payment result handling (docs/decisions/payments.md)', () => {
  it('shows the message of a failed payment', () => {
    const outcome = paymentOutcome({ status: 'failed', message: 'Your card was declined.' });
    expect(outcome).toEqual({ kind: 'failed', message: 'Your card was declined.' });
    expect(statusModalFor(outcome)).toMatchObject({
      topupStatus: 'failed',
      title: 'Payment Failed',
      statusMessage: 'Your card was declined.',
    });
  });

  it('falls back to the generic text when a failure has no message', () => {
    expect(paymentOutcome({ status: 'failed' })).toEqual({ kind: 'failed', message: 'Oops, something went wrong. Please try again.' });
  });

  it('continues an inactive result that has a client secret', () => {
    expect(paymentOutcome({ status: 'inactive', clientSecret: 'pi_1_secret' })).toEqual({ kind: 'continue', clientSecret: 'pi_1_secret' });
  });

  it('sets the pending flag for an inactive result without a client secret', () => {
    expect(paymentOutcome({ status: 'inactive', clientSecret: null })).toEqual({ kind: 'pending' });
    expect(statusModalFor({ kind: 'pending' }).topupStatus).toBe('pending');
  });

  it('continues a result that requires an action', () => {
    expect(paymentOutcome({ status: 'requires_action', clientSecret: 's' })).toEqual({ kind: 'continue', clientSecret: 's' });
  });

  it('marks any other status done and refreshes after 1 s', () => {
    for (const status of ['succeeded', 'completed', 'pending_review']) {
      expect(paymentOutcome({ status })).toEqual({ kind: 'done', refreshAfterMs: 1000 });
    }
  });

  it('sets the failed state of a failed withdrawal', () => {
    expect(withdrawalOutcome({ status: 'failed', message: 'Address rejected' }).kind).toBe('failed');
  });
});
