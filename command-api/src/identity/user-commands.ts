// The command handler of `user-{uid}` as identity folds it (registration, sign-ins, roles, bans,
// onboarding, daily claims). Sign-ins run it in a transaction with their credential links and session.
import { streamIds } from '@murmur/contracts';
import { defineCommandHandler } from '../decider/command-handler.ts';
import { userDecider } from './decide.ts';

export const userCommands = defineCommandHandler({ decider: userDecider, streamId: streamIds.user });
