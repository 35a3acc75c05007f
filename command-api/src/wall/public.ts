// What other modules may use of the wall: its command handler (moderation removes a post).
import { streamIds } from '@murmur/contracts';
import { defineCommandHandler } from '../decider/command-handler.ts';
import { wallDecider } from './decide.ts';

export const postCommands = defineCommandHandler({ decider: wallDecider, streamId: streamIds.post });
