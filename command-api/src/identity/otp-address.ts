// Wrong one-time codes counted per e-mail address across resends, on one stream per address
// (`otp-address-{hash}`): every check of a code first claims a try there with an expected version,
// so parallel guesses can never exceed the limit; the try that reaches it locks the address for a
// while; a right code clears the count.
import { formatText, identityTexts, type OtpAddressEvent, otpAddressEventSchemas, streamIds } from '@murmur/contracts';
import { ApiError } from '@murmur/platform';
import type { Decider } from '../decider/decider.ts';
import { defineCommandHandler } from '../decider/command-handler.ts';
import type { CommandDeps } from '../dependencies.ts';
import { hashSecret } from './secrets.ts';

export interface AddressLimits {
  hashKey: string;
  /** Tries without a right code before the address is locked (across resends). */
  maxFailures: number;
  lockSeconds: number;
}

export interface OtpAddressState {
  tries: number;
  lockedUntil: string | null;
}

type OtpAddressCommand = { type: 'TryCode'; now: Date; maxFailures: number; lockSeconds: number } | { type: 'AcceptCode'; now: Date };

/** The address's standing at `now`: an expired lock starts the count again. */
function current(state: OtpAddressState, now: Date): OtpAddressState {
  if (state.lockedUntil && Date.parse(state.lockedUntil) <= now.getTime()) return { tries: 0, lockedUntil: null };
  return state;
}

export function lockedError(lockedUntil: string, now: Date): ApiError {
  const left = Date.parse(lockedUntil) - now.getTime();
  const retryAfterSeconds = Math.max(1, Math.ceil(left / 1000));
  return new ApiError('RATE_LIMITED', formatText(identityTexts.codeAddressLocked, { minutes: Math.max(1, Math.round(left / 60_000)) }), {
    retryAfterSeconds,
  });
}

export const otpAddressDecider: Decider<OtpAddressState, OtpAddressCommand, OtpAddressEvent> = {
  evolvesOn: otpAddressEventSchemas,
  initialState: () => ({ tries: 0, lockedUntil: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'OneTimeCodeTried':
        return { tries: event.data.tries, lockedUntil: event.data.lockedUntil ?? null };
      case 'OneTimeCodeAccepted':
        return { tries: 0, lockedUntil: null };
      default: {
        const _exhaustive: never = event;
        return state;
      }
    }
  },
  decide(command, state) {
    const now = current(state, command.now);
    if (command.type === 'AcceptCode') return [{ type: 'OneTimeCodeAccepted', data: { at: command.now.toISOString() } }];
    if (now.lockedUntil) throw lockedError(now.lockedUntil, command.now);
    const tries = now.tries + 1;
    const reachesLimit = tries >= command.maxFailures;
    return [
      {
        type: 'OneTimeCodeTried',
        data: {
          at: command.now.toISOString(),
          tries,
          ...(reachesLimit ? { lockedUntil: new Date(command.now.getTime() + command.lockSeconds * 1000).toISOString() } : {}),
        },
      },
    ];
  },
};

/** Keyed by a keyed hash of the address: the stream id never shows an e-mail address. */
const addressId = (limits: AddressLimits, email: string) => hashSecret(limits.hashKey, `otp-address:${email}`).slice(0, 32);
const otpAddressCommands = defineCommandHandler({ decider: otpAddressDecider, streamId: streamIds.otpAddress });

/** Refuses while the address is locked (no new code is mailed to a locked address). */
export async function assertAddressOpen(deps: CommandDeps, limits: AddressLimits, email: string, now: Date): Promise<void> {
  const { state } = await otpAddressCommands.load(deps, addressId(limits, email));
  const standing = current(state, now);
  if (standing.lockedUntil) throw lockedError(standing.lockedUntil, now);
}

/** Claims one try for the address, runs the check, and clears the count when the code was right. */
export async function withCodeTry<T>(
  deps: CommandDeps,
  limits: AddressLimits,
  email: string,
  now: Date,
  check: () => Promise<T>,
): Promise<T> {
  const address = addressId(limits, email);
  await otpAddressCommands.run(deps, address, { type: 'TryCode', now, maxFailures: limits.maxFailures, lockSeconds: limits.lockSeconds });
  const result = await check();
  await otpAddressCommands.run(deps, address, { type: 'AcceptCode', now });
  return result;
}
