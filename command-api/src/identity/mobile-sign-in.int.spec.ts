// Sign-in with a mobile number against the real stack: the demo's local SMS provider (texts read
// from the dev SMS inbox route), the limits and locks e-mail codes have, and the Twilio adapter
// against a local HTTP server shaped like Twilio's Messages API.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatText, identityTexts } from '@murmur/contracts';
import { startIdentityStack, type IdentityStack } from '../../../test-support/identity.ts';
import { closeServer, listen } from '@murmur/platform';
import { TwilioSms, SmsNotSent } from './sms.ts';

let stack: IdentityStack;
beforeAll(async () => {
  stack = await startIdentityStack({ OTP_ADDRESS_MAX_FAILURES: '3' });
});
afterAll(async () => {
  await stack?.stop();
});

const sender = () => ({ 'x-forwarded-for': `203.0.113.${Math.floor(Math.random() * 254) + 1}` });

/** Asks for a code and reads it from the dev SMS inbox, as a person in the demo does. */
async function smsCode(mobile: string): Promise<string> {
  const res = await stack.api('/auth/otp', { method: 'POST', body: { mobile }, headers: sender() });
  if (res.status !== 200) throw new Error(`auth/otp answered ${res.status}: ${JSON.stringify(res.body)}`);
  const inbox = await stack.api(`/dev/sms?to=${encodeURIComponent(mobile)}`);
  const code = /\b(\d{6})\b/.exec(inbox.body.items[0]?.text ?? '')?.[1];
  if (!code) throw new Error('no code in the dev SMS inbox');
  return code;
}
const login = (mobile: string, code: string) =>
  stack.api('/auth/login', { method: 'POST', body: { credentials: { type: 'mobile', mobile, code } } });

describe('mobile number with the local SMS provider', () => {
  it('registers two numbers as two accounts, and the same number again signs into the same account', async () => {
    const [ann, ben] = ['+63 917 123 4567', '+63-917-765-4321'];
    const [annCode, benCode] = await Promise.all([smsCode(ann), smsCode(ben)]);
    const [first, other] = await Promise.all([login(ann, annCode), login(ben, benCode)]);
    expect([first.status, other.status]).toEqual([200, 200]);
    expect(first.body.isNewUser).toBe(true);
    expect(other.body.uid).not.toBe(first.body.uid);
    const { rows } = await stack.db.pool.query(`select data from events where stream_id = $1 and type = 'UserRegistered'`, [
      `user-${first.body.uid}`,
    ]);
    expect(rows[0].data).toMatchObject({ method: 'mobile', mobile: '+639171234567', email: null });
    // The inbox keeps each number's own text.
    const benInbox = await stack.api(`/dev/sms?to=${encodeURIComponent('+639177654321')}`);
    expect(benInbox.body.items).toHaveLength(1);
    expect(benInbox.body.items[0].text).toContain(benCode);

    stack.clock.advance(301);
    const again = await login(ann, await smsCode('+639171234567'));
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ uid: first.body.uid, isNewUser: false });
    const token = await stack.onboard(again.body.token);
    const settings = await stack.readAfter('/user/settings', token, again.body.position);
    expect(settings.body.credentials).toEqual([expect.objectContaining({ kind: 'mobile', key: '+639171234567' })]);
  });

  it('keeps the resend countdown and refuses a used code, as for e-mail', async () => {
    const mobile = '+14155550100';
    const code = await smsCode(mobile);
    const early = await stack.api('/auth/otp', { method: 'POST', body: { mobile }, headers: sender() });
    expect(early.status).toBe(429);
    expect(early.body.error.message).toBe(identityTexts.codeResendWait);
    expect((await login(mobile, code)).status).toBe(200);
    const reused = await login(mobile, code);
    expect([reused.status, reused.body.error.message]).toEqual([401, identityTexts.codeInvalid]);
  });

  it('locks a number after the wrong codes the e-mail limit allows, and leaves other numbers alone', async () => {
    const mobile = '+447700900123';
    const code = await smsCode(mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await login(mobile, wrong)).status);
    // The third wrong try reaches the limit and locks the number: even the right code is refused now.
    expect(statuses).toEqual([401, 401, 401]);
    const right = await login(mobile, code);
    expect([right.status, right.body.error.message]).toEqual([429, formatText(identityTexts.codeAddressLocked, { minutes: 15 })]);
    stack.clock.advance(301);
    const resend = await stack.api('/auth/otp', { method: 'POST', body: { mobile }, headers: sender() });
    expect(resend.status).toBe(429);
    // Another number is not locked.
    const other = '+447700900124';
    expect((await login(other, await smsCode(other))).status).toBe(200);
  });

  it('refuses a number that is not international with the sign-in text', async () => {
    const res = await stack.api('/auth/otp', { method: 'POST', body: { mobile: '0917 123 4567' }, headers: sender() });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/This mobile number is invalid/);
    const both = await stack.api('/auth/otp', {
      method: 'POST',
      body: { mobile: '+14155550100', email: 'a@example.com' },
      headers: sender(),
    });
    expect(both.status).toBe(400);
  });
});

describe('the Twilio adapter', () => {
  interface Received {
    path: string;
    auth: string | undefined;
    form: URLSearchParams;
  }
  let server: http.Server;
  let url: string;
  const received: Received[] = [];
  beforeAll(async () => {
    // Shaped like Twilio's Messages resource: 201 with the message, 400 with Twilio's error body.
    server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(raw);
        received.push({ path: req.url ?? '', auth: req.headers.authorization, form });
        res.setHeader('content-type', 'application/json');
        if (req.headers.authorization !== `Basic ${Buffer.from('AC123:secret').toString('base64')}`) {
          res.statusCode = 401;
          res.end(JSON.stringify({ code: 20003, message: 'Authenticate', status: 401 }));
        } else if (form.get('To') === '+15005550001') {
          res.statusCode = 400;
          res.end(JSON.stringify({ code: 21211, message: "The 'To' number +15005550001 is not a valid phone number.", status: 400 }));
        } else {
          res.statusCode = 201;
          res.end(JSON.stringify({ sid: 'SM0001', status: 'queued', to: form.get('To'), body: form.get('Body') }));
        }
      });
    });
    url = `http://127.0.0.1:${await listen(server, 0)}`;
  });
  afterAll(async () => {
    await closeServer(server);
  });

  it('posts the text to the Messages resource with basic auth, from a number or a messaging service', async () => {
    await new TwilioSms({ accountSid: 'AC123', authToken: 'secret', from: '+15005550006', apiUrl: url }).send({
      to: '+14155550100',
      text: 'hello 123456',
    });
    await new TwilioSms({ accountSid: 'AC123', authToken: 'secret', from: 'MG999', apiUrl: url }).send({ to: '+14155550100', text: 'hi' });
    expect(received[0]!.path).toBe('/2010-04-01/Accounts/AC123/Messages.json');
    expect(Object.fromEntries(received[0]!.form)).toEqual({ To: '+14155550100', Body: 'hello 123456', From: '+15005550006' });
    expect(received[1]!.form.get('MessagingServiceSid')).toBe('MG999');
  });

  it('reports a refused or unreachable provider as not sent', async () => {
    await expect(
      new TwilioSms({ accountSid: 'AC123', authToken: 'secret', from: '+15005550006', apiUrl: url }).send({
        to: '+15005550001',
        text: 'x',
      }),
    ).rejects.toThrow(SmsNotSent);
    await expect(
      new TwilioSms({ accountSid: 'AC123', authToken: 'wrong', from: '+15005550006', apiUrl: url }).send({ to: '+14155550100', text: 'x' }),
    ).rejects.toThrow(/20003/);
    await expect(
      new TwilioSms({ accountSid: 'AC123', authToken: 'secret', from: '+1', apiUrl: 'http://127.0.0.1:1' }).send({
        to: '+14155550100',
        text: 'x',
      }),
    ).rejects.toThrow(SmsNotSent);
  });

  it('carries sign-in codes through auth/otp when SMS_PROVIDER=twilio, and frees the countdown when Twilio refuses', async () => {
    const twilio = await startIdentityStack({
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC123',
      TWILIO_AUTH_TOKEN: 'secret',
      TWILIO_FROM: '+15005550006',
      TWILIO_API_URL: url,
    });
    try {
      const before = received.length;
      const ok = await twilio.api('/auth/otp', { method: 'POST', body: { mobile: '+1 415 555 0111' }, headers: sender() });
      expect(ok.status).toBe(200);
      const code = /\b(\d{6})\b/.exec(received[before]!.form.get('Body')!)![1]!;
      expect(received[before]!.form.get('To')).toBe('+14155550111');
      const signedIn = await twilio.api('/auth/login', {
        method: 'POST',
        body: { credentials: { type: 'mobile', mobile: '+14155550111', code } },
      });
      expect(signedIn.status).toBe(200);
      const refused = await twilio.api('/auth/otp', { method: 'POST', body: { mobile: '+15005550001' }, headers: sender() });
      expect([refused.status, refused.body.error.message]).toEqual([422, identityTexts.smsNotSent]);
      // Nothing was sent, so no countdown holds the number.
      const { rows } = await twilio.db.pool.query(`select 1 from auth_otp_codes where email = '+15005550001'`);
      expect(rows).toHaveLength(0);
      // No local inbox outside the local provider.
      expect((await twilio.api('/dev/sms')).body.items ?? []).toHaveLength(0);
    } finally {
      await twilio.stop();
    }
  });
});
