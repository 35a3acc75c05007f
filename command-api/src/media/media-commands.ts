// The command handler of `media-{uid}` (a user's processed uploads and gallery).
import { defineCommandHandler } from '../decider/command-handler.ts';
import { mediaDecider } from './decide.ts';
import { mediaStreamId } from './media.ts';

export const mediaCommands = defineCommandHandler({ decider: mediaDecider, streamId: mediaStreamId });
