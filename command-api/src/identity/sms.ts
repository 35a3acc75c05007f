// The SMS port that carries sign-in codes to mobile numbers, with its two adapters: Twilio's
// Programmable Messaging REST API, and the demo's local inbox (texts kept in dev_sms_inbox for the
// dev SMS page; never sent anywhere). The codes themselves are ours (otp.ts), so e-mail and SMS codes
// keep one set of limits and locks.
import type pg from 'pg';
import type { IdentityConfig } from './config.ts';

export interface OutgoingSms {
  /** E.164, e.g. +639171234567. */
  to: string;
  text: string;
}

export interface SmsSender {
  send(sms: OutgoingSms): Promise<void>;
}

/** The provider refused the text (a bad number, an unreachable provider): nothing was sent. */
export class SmsNotSent extends Error {}

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** A Twilio number (E.164) or a messaging service sid (MG...). */
  from: string;
  /** https://api.twilio.com; tests point it at a local server shaped like Twilio's. */
  apiUrl: string;
  timeoutMs?: number;
}

/** POST /2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded, HTTP basic auth. */
export class TwilioSms implements SmsSender {
  constructor(private readonly s: TwilioSettings) {}

  async send(sms: OutgoingSms): Promise<void> {
    const form = new URLSearchParams({ To: sms.to, Body: sms.text });
    form.set(this.s.from.startsWith('MG') ? 'MessagingServiceSid' : 'From', this.s.from);
    const url = `${this.s.apiUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(this.s.accountSid)}/Messages.json`;
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${this.s.accountSid}:${this.s.authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form,
        signal: AbortSignal.timeout(this.s.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new SmsNotSent(`Twilio unreachable: ${(error as Error).message}`);
    }
    if (res.status !== 201 && res.status !== 200) {
      const body = (await res.json().catch(() => ({}))) as { code?: number; message?: string };
      throw new SmsNotSent(
        `Twilio refused the text (${res.status}${body.code ? ` code ${body.code}` : ''}): ${body.message ?? 'no message'}`,
      );
    }
  }
}

/** The demo's provider: keeps the text for the dev SMS inbox page (/api/v1/dev/sms.html). */
export class LocalSmsInbox implements SmsSender {
  constructor(private readonly pool: pg.Pool) {}

  async send(sms: OutgoingSms): Promise<void> {
    await this.pool.query('insert into dev_sms_inbox (recipient, body) values ($1, $2)', [sms.to, sms.text]);
  }
}

/** The text that carries a sign-in code (short: one SMS segment). */
export function codeSms(to: string, code: string, validMinutes: number): OutgoingSms {
  return { to, text: `${code} is your Murmur sign-in code. It is valid for ${validMinutes} minutes. Do not share it.` };
}

/** Which provider the settings name: the local inbox only in the demo (config.ts refuses it elsewhere). */
export function smsSenderFor(config: IdentityConfig, pool: pg.Pool): SmsSender | null {
  const provider = smsProviderOf(config);
  if (provider === 'local') return new LocalSmsInbox(pool);
  if (provider === 'twilio') {
    return new TwilioSms({
      accountSid: config.TWILIO_ACCOUNT_SID!,
      authToken: config.TWILIO_AUTH_TOKEN!,
      from: config.TWILIO_FROM!,
      apiUrl: config.TWILIO_API_URL,
    });
  }
  return null;
}

/** SMS_PROVIDER, or the demo's default: the local inbox in the demo, none elsewhere. */
export const smsProviderOf = (c: Pick<IdentityConfig, 'SMS_PROVIDER' | 'MURMUR_DEMO'>): 'local' | 'twilio' | 'off' =>
  c.SMS_PROVIDER ?? (c.MURMUR_DEMO === 'on' ? 'local' : 'off');
