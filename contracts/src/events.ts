// Every event of the platform: one registry of the modules' event maps (type -> zod schema of its
// data), the union of `{ type, data }` it infers, and the helpers that narrow an event read from
// the log to that union. A new event type is added to its module's map and so appears here.
import { z } from 'zod';
import type { EventUnionOf } from './event-map.ts';
import { identityEventSchemas, otpAddressEventSchemas } from './identity.ts';
import { blockchainWalletEventSchemas, earningsEventSchemas, paymentEventSchemas, walletEventSchemas } from './wallet.ts';
import { mediaEventSchemas, messageEventSchemas, profileEventSchemas, socialEventSchemas, wallEventSchemas } from './social.ts';
import { chatEventSchemas, lobbyEventSchemas, presenceEventSchemas, roomEventSchemas } from './lobbies.ts';
import { referralEventSchemas } from './referral.ts';
import { guildEventSchemas } from './guild.ts';
import { leaderboardEventSchemas } from './global-leaderboards.ts';
import { notificationEventSchemas } from './notifications.ts';
import { creatorPlanEventSchemas } from './subscriptions.ts';
import { scheduleEventSchemas } from './booking.ts';
import { accountSettingsEventSchemas } from './account-settings.ts';
import { progressionEventSchemas } from './progression.ts';
import { grantEventSchemas, ledgerAuditEventSchemas, ledgerDigestEventSchemas } from './money-operations.ts';
import { reportEventSchemas } from './moderation.ts';
import { hostApplicationEventSchemas } from './host-applications.ts';
import { projectionRebuildEventSchemas } from './operations-view.ts';

export type { EventSchemaMap, EventUnionOf } from './event-map.ts';
export { eventTypesOf } from './event-map.ts';

export const eventSchemas = {
  ...identityEventSchemas,
  ...otpAddressEventSchemas,
  ...profileEventSchemas,
  ...socialEventSchemas,
  ...mediaEventSchemas,
  ...wallEventSchemas,
  ...messageEventSchemas,
  ...walletEventSchemas,
  ...blockchainWalletEventSchemas,
  ...paymentEventSchemas,
  ...earningsEventSchemas,
  ...lobbyEventSchemas,
  ...roomEventSchemas,
  ...chatEventSchemas,
  ...presenceEventSchemas,
  ...referralEventSchemas,
  ...guildEventSchemas,
  ...leaderboardEventSchemas,
  ...notificationEventSchemas,
  ...creatorPlanEventSchemas,
  ...scheduleEventSchemas,
  ...accountSettingsEventSchemas,
  ...progressionEventSchemas,
  ...grantEventSchemas,
  ...ledgerAuditEventSchemas,
  ...ledgerDigestEventSchemas,
  ...reportEventSchemas,
  ...hostApplicationEventSchemas,
  ...projectionRebuildEventSchemas,
} as const;

export type EventSchemas = typeof eventSchemas;
export type EventType = keyof EventSchemas;
export type EventData<T extends EventType> = z.infer<EventSchemas[T]>;
/** One event of the given types as `{ type, data }`, discriminated by `type`. */
export type MurmurEvent<T extends EventType = EventType> = EventUnionOf<EventSchemas, T>;

export function isEventType(type: string): type is EventType {
  return Object.hasOwn(eventSchemas, type);
}

/** True when `event` is one of `types`. Data is trusted as written: the store checks it on append
 * (see `validateEventData`), so readers narrow by type without parsing every event again. */
export function isEventOf<T extends EventType, E extends { type: string; data: unknown }>(
  event: E,
  types: readonly T[],
): event is E & MurmurEvent<T> {
  return (types as readonly string[]).includes(event.type);
}

/** The event as one of `types` (the same object, typed by the registry), or null. */
export function eventOf<T extends EventType>(event: { type: string; data: unknown }, types: readonly T[]): MurmurEvent<T> | null {
  const view: { type: string; data: unknown } = event;
  return isEventOf(view, types) ? view : null;
}

/** Checks an event's data against its type's schema: null when valid (or of a type the registry
 * does not know), else the problem. */
export function eventDataProblem(type: string, data: unknown): string | null {
  if (!isEventType(type)) return null;
  const result = eventSchemas[type].safeParse(data);
  return result.success ? null : `${type}: ${z.prettifyError(result.error)}`;
}

/** Parses an event of a known type, or throws with what is wrong. */
export function parseEvent(event: { type: string; data: unknown }): MurmurEvent {
  if (!isEventType(event.type)) throw new Error(`Unknown event type ${event.type}`);
  const schema: z.ZodType = eventSchemas[event.type];
  const parsed = { type: event.type, data: schema.parse(event.data) };
  if (!isEventOf(parsed, [event.type])) throw new Error(`Unknown event type ${event.type}`);
  return parsed;
}

/** The event envelope as read models, the gateway and clients see it. */
export const EventEnvelope = z.object({
  position: z.string(),
  streamId: z.string(),
  streamVersion: z.number().int(),
  type: z.string(),
  schemaVersion: z.number().int(),
  data: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type EventEnvelope = z.infer<typeof EventEnvelope>;
