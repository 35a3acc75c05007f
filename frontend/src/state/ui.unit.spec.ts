// The toast queue (no identical toast stacked twice, a lasting copy kept) and who the server acts for before the terms step.
import { texts } from '@murmur/contracts/errors';
import { beforeEach, describe, expect, it } from 'vitest';
import { actingUid, decodeClaims, type SessionState } from '../api/session.ts';
import { toast, useUi } from './ui.ts';

describe('toasts', () => {
  beforeEach(() => useUi.setState({ toasts: [] }));

  it('does not stack the same words twice while they show, and shows them again once dismissed', () => {
    toast('Please sign in to see this page.', 'info');
    toast('Please sign in to see this page.', 'info');
    expect(useUi.getState().toasts.map((t) => t.message)).toEqual(['Please sign in to see this page.']);
    toast('Please sign in to see this page.', 'error');
    expect(useUi.getState().toasts).toHaveLength(2);
    useUi.getState().dismissToast(useUi.getState().toasts[0]!.id);
    toast('Please sign in to see this page.', 'info');
    expect(useUi.getState().toasts.map((t) => t.tone)).toEqual(['error', 'info']);
  });

  it('keeps one lasting copy of a session-ending notice, replacing a passing copy of the same words', () => {
    toast(texts.banned, 'error');
    toast(texts.banned, 'error', undefined, { untilDismissed: true });
    toast(texts.banned, 'error');
    expect(useUi.getState().toasts.map((t) => [t.message, t.untilDismissed ?? false])).toEqual([[texts.banned, true]]);
  });
});

describe('the account the server acts for', () => {
  const token = (payload: object) => `h.${btoa(JSON.stringify(payload))}.s`;
  const session = (payload: object | null): SessionState => ({
    token: null,
    claims: payload ? decodeClaims(token(payload)) : null,
    setToken: () => undefined,
  });

  it('is nobody before the terms step, and the signed-in user after it', () => {
    expect(actingUid(session(null))).toBeNull();
    expect(actingUid(session({ sub: 'u1', onb: false }))).toBeNull();
    expect(actingUid(session({ sub: 'u1', onb: true }))).toBe('u1');
  });
});
