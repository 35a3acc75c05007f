// What other modules may use of social: its command handler, a user's social state, a path's uid.
import { ApiError } from '@murmur/platform';
import { streamIds, texts } from '@murmur/contracts';
import { defineCommandHandler } from '../decider/command-handler.ts';
import type { CommandDeps } from '../dependencies.ts';
import { socialDecider } from './decide.ts';
import { type SocialState } from './social.ts';

export const socialCommands = defineCommandHandler({ decider: socialDecider, streamId: streamIds.social });

export async function loadSocial(deps: CommandDeps, uid: string): Promise<SocialState> {
  return (await socialCommands.load(deps, uid)).state;
}

/** The uid a route names, or 404 when it cannot be one. */
export function targetUid(param: string | undefined): string {
  const uid = String(param ?? '');
  if (!/^[\w:.-]{1,128}$/.test(uid)) throw new ApiError('NOT_FOUND', texts.userNotFound);
  return uid;
}
