// The sign-in screen's link to the demo inbox where a code arrives, built from the catalogue's route.
import { describe, expect, it } from 'vitest';
import { channels } from './LoginModal.tsx';

describe('the link to the demo inbox on the sign-in screen', () => {
  it('opens the dev mailbox page for an e-mail address', () => {
    const url = new URL(channels.email.devInbox('amy+test@murmur.demo'), 'http://localhost');
    expect(url.pathname).toBe('/api/v1/dev/mailbox.html');
    expect(url.searchParams.get('email')).toBe('amy+test@murmur.demo');
  });

  it('opens the dev SMS inbox page for a mobile number', () => {
    const url = new URL(channels.mobile.devInbox('+63 917 123 4567'), 'http://localhost');
    expect(url.pathname).toBe('/api/v1/dev/sms.html');
    expect(url.searchParams.get('to')).toBe('+63 917 123 4567');
  });
});
