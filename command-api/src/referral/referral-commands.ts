// The command handler of `referral-{uid}` (own link, referrer binding, payout wallet).
import { streamIds } from '@murmur/contracts';
import { defineCommandHandler } from '../decider/command-handler.ts';
import { referralDecider } from './decide.ts';

export const referralCommands = defineCommandHandler({ decider: referralDecider, streamId: streamIds.referral });
