// Signing in: find the account a credential is linked to, or register one, or upgrade the caller's
// guest account; the credential link rows and the user events commit in ONE transaction.
import { randomUUID } from 'node:crypto';
import { identityTexts, texts, type AuthStateDto, type DeviceInfo, type SignInMethod } from '@murmur/contracts';
import { WrongExpectedVersion } from '@murmur/eventstore';
import { ApiError, type AuthContext } from '@murmur/platform';
import type { Response } from 'express';
import type pg from 'pg';
import { usernameCommands } from '../profiles/usernames.ts';
import { codeOwner } from '../referral/directory.ts';
import type { CommandDeps } from '../dependencies.ts';
import type { LinkedIdentity, UserCommand } from './decide.ts';
import { userCommands } from './user-commands.ts';
import type { IdentityRuntime } from './runtime.ts';
import { newReferralCode, newUid } from './secrets.ts';
import { issueAuthState, startSession } from './sessions.ts';
import type { UserState } from './user.ts';

export interface CredentialLink {
  kind: 'email' | 'mobile' | 'wallet-evm' | 'wallet-solana' | 'provider' | 'telegram' | 'referral_code';
  key: string;
}

/** The username a registration was about to take is held by someone else (a claim on its stream). */
export class UsernameTaken extends Error {
  constructor(readonly username: string) {
    super(`username ${username} is taken`);
  }
}

/** Another random suffix for a generated username (`name1234`): 4 digits, or 8 when 4 keep clashing. */
export function withFreshSuffix(username: string, digits: 4 | 8): string {
  const base = username.replace(/\d{4}$/, '');
  const suffix = Array.from({ length: digits }, () => Math.floor(Math.random() * 10)).join('');
  return `${base}${suffix}`;
}

/** A credential already belongs to another account. */
export class LinkTaken extends Error {
  constructor(
    readonly link: CredentialLink,
    readonly uid: string,
  ) {
    super(`${link.kind} is linked to another account`);
  }
}

export async function linkedUid(db: pg.Pool | pg.PoolClient, link: CredentialLink): Promise<string | null> {
  const { rows } = await db.query<{ uid: string }>('select uid from identity_links where kind = $1 and key = $2', [link.kind, link.key]);
  return rows[0]?.uid ?? null;
}

/**
 * Claims the links, decides on the user stream and appends, then runs `within` (session rows), all
 * in one transaction (the user handler's `runInTransaction`); a version clash runs it all again.
 */
export async function decideInTransaction<T>(
  deps: CommandDeps,
  uid: string,
  command: UserCommand,
  links: CredentialLink[],
  within?: (client: pg.PoolClient, state: UserState) => Promise<T>,
): Promise<{ state: UserState; position: bigint; extra: T | undefined }> {
  return userCommands.runInTransaction(
    deps,
    uid,
    command,
    {
      async before(client) {
        for (const link of links) {
          const inserted = await client.query('insert into identity_links (kind, key, uid) values ($1, $2, $3) on conflict do nothing', [
            link.kind,
            link.key,
            uid,
          ]);
          if (inserted.rowCount === 0) {
            const owner = await linkedUid(client, link);
            if (owner !== uid) throw new LinkTaken(link, owner ?? '');
          }
        }
      },
      async after(client, state) {
        if (command.type === 'Register') {
          // The name is claimed on its own stream in the same transaction, so it is unique from the
          // moment the account exists (profiles' renames claim on the same stream).
          try {
            await usernameCommands.decideWithin(
              deps,
              client,
              command.username,
              { type: 'ClaimUsername', uid, username: command.username, now: command.now },
              { actorUid: uid },
            );
          } catch (error) {
            if (error instanceof WrongExpectedVersion || (error instanceof ApiError && error.code === 'CONFLICT'))
              throw new UsernameTaken(command.username);
            throw error;
          }
        }
        return within ? within(client, state) : undefined;
      },
    },
    { actorUid: uid },
  );
}

export interface SignInContext {
  visitorId?: string;
  uniqueReferralCode?: string;
  deviceInfo?: DeviceInfo;
}

export interface SignInRequest {
  method: SignInMethod;
  /** The credential; null for a guest, who has none. */
  link: CredentialLink | null;
  /** Further credentials the new account takes (the provider's e-mail). */
  extraLinks?: CredentialLink[];
  identity: LinkedIdentity;
  anonymous: boolean;
  username: string;
  profilePicUrl?: string | null;
  context: SignInContext;
  /** The caller, when already signed in: a guest is upgraded in place, keeping its uid. */
  caller?: AuthContext;
}

export const noIdentity: LinkedIdentity = {
  email: null,
  mobile: null,
  walletAddress: null,
  walletEnvironment: null,
  provider: null,
  providerSubject: null,
  telegramId: null,
};

/** Turns a display name into a username (letters, digits, underscore; 3-20). */
export function usernameFrom(candidate: string | null | undefined, prefix = 'user'): string {
  const cleaned = (candidate ?? '')
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9_]/g, '')
    .slice(0, 16);
  const suffix = Math.floor(Math.random() * 10_000)
    .toString()
    .padStart(4, '0');
  return cleaned.length >= 3 ? `${cleaned}${suffix}` : `${prefix}${suffix}`;
}

/** Signs in (or registers, or upgrades the caller's guest account) and answers with the auth state. */
export async function signIn(deps: CommandDeps, runtime: IdentityRuntime, res: Response, request: SignInRequest): Promise<AuthStateDto> {
  const now = deps.clock.now();
  const session = {
    method: request.method,
    visitorId: request.context.visitorId ?? null,
    deviceInfo: request.context.deviceInfo ?? null,
  };
  const { config } = runtime;
  const startIn = (sessionId: string) => (client: pg.PoolClient, state: UserState) =>
    startSession(client, deps.jwtSecret, config.REFRESH_TOKEN_TTL_SECONDS, { uid: state.uid, sessionId, ...session, now });
  const answer = (r: { state: UserState; position: bigint; extra: string | undefined }, sessionId: string, isNewUser: boolean) => {
    // The new session replaced the account's others: the guard must not answer from memory for them.
    deps.sessionGuard?.forget?.(r.state.uid);
    return issueAuthState(
      res,
      {
        jwtSecret: deps.jwtSecret,
        accessTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
        refreshTtlSeconds: config.REFRESH_TOKEN_TTL_SECONDS,
        production: config.NODE_ENV === 'production',
        now,
      },
      { state: r.state, sessionId, refreshToken: r.extra!, position: r.position, isNewUser },
    );
  };

  for (let attempt = 0; attempt < 4; attempt++) {
    const sessionId = randomUUID();
    const existing = request.link ? await linkedUid(deps.pool, request.link) : null;
    try {
      if (existing) {
        const r = await decideInTransaction(deps, existing, { type: 'SignIn', sessionId, ...session, now }, [], startIn(sessionId));
        return await answer(r, sessionId, false);
      }
      if (request.link && request.caller?.anonymous) {
        const r = await decideInTransaction(
          deps,
          request.caller.uid,
          { type: 'UpgradeGuest', ...request.identity, sessionId, ...session, now },
          [request.link, ...(request.extraLinks ?? [])],
          startIn(sessionId),
        );
        return await answer(r, sessionId, false);
      }
      const uid = newUid();
      const referralCode = newReferralCode();
      const given = request.context.uniqueReferralCode?.trim().toUpperCase();
      // Codes issued at registration are linked here; custom codes (referral create-link) are claimed on their own stream.
      const knownCode = given && ((await linkedUid(deps.pool, { kind: 'referral_code', key: given })) || (await codeOwner(deps, given)));
      const referredByCode = knownCode ? given : null;
      let username = request.username;
      for (let tries = 1; ; tries++) {
        try {
          const r = await decideInTransaction(
            deps,
            uid,
            {
              type: 'Register',
              uid,
              anonymous: request.anonymous,
              username,
              profilePicUrl: request.profilePicUrl ?? null,
              referralCode,
              referredByCode,
              ...request.identity,
              sessionId,
              ...session,
              now,
            },
            [...(request.link ? [request.link] : []), ...(request.extraLinks ?? []), { kind: 'referral_code', key: referralCode }],
            startIn(sessionId),
          );
          return await answer(r, sessionId, true);
        } catch (error) {
          if (!(error instanceof UsernameTaken) || tries >= 8) throw error;
          username = withFreshSuffix(request.username, tries < 3 ? 4 : 8);
        }
      }
    } catch (error) {
      if (!(error instanceof LinkTaken)) throw error;
      // The provider's e-mail belongs to another account: the spec's clash, not a race to retry.
      if (error.link.kind === 'email' && request.link?.kind !== 'email') {
        throw new ApiError('CONFLICT', texts.emailAlreadyLinked, { reason: identityTexts.differentCredential });
      }
    }
  }
  throw new ApiError('CONFLICT', 'The resource changed at the same time; please try again.');
}
