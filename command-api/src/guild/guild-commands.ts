// The command handlers of `agency-{id}` (roster, contracts, settlements) and `agency-host-{uid}`
// (the one agency a host is in; payouts authorized against it).
import { streamIds } from '@murmur/contracts';
import { defineCommandHandler } from '../decider/command-handler.ts';
import { agencyDecider, hostMembershipDecider } from './decide.ts';

export const agencyCommands = defineCommandHandler({ decider: agencyDecider, streamId: streamIds.agency });

export const hostMembershipCommands = defineCommandHandler({ decider: hostMembershipDecider, streamId: streamIds.agencyHost });
