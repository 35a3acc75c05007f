// The command handler of `media-{uid}` (a user's processed uploads and gallery).
import { streamIds } from '@murmur/contracts';
import { defineCommandHandler } from '../decider/command-handler.ts';
import { mediaDecider } from './decide.ts';

export const mediaCommands = defineCommandHandler({ decider: mediaDecider, streamId: streamIds.media });
