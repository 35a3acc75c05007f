// The recording payout adapter reports a payout 'sent' that it only wrote down: the demo's stand-in.
import { expect, it } from 'vitest';
import { ReferralConfig } from './config.ts';

it('takes the recording payout adapter only with the demo switch', () => {
  expect(ReferralConfig.parse({ MURMUR_DEMO: 'on' }).REFERRAL_PAYOUT_ADAPTER).toBe('local');
  const refused = ReferralConfig.safeParse({});
  expect(refused.error?.issues[0]?.message).toMatch(/REFERRAL_PAYOUT_ADAPTER=local is the demo's stand-in/);
  expect(ReferralConfig.safeParse({ REFERRAL_PAYOUT_ADAPTER: 'local' }).success).toBe(false);
  expect(ReferralConfig.parse({ REFERRAL_PAYOUT_ADAPTER: 'evm' }).REFERRAL_PAYOUT_ADAPTER).toBe('evm');
});
