// Services and booking commands (docs/decisions/booking.md): list or remove a service, book a time, cancel,
// extend a running session; the scheduler opens and completes sessions.
import { bookingTexts, type BookingAnswer as BookingAnswerDto } from '@murmur/contracts';
import { ApiError, defineRoute } from '@murmur/platform';
import type express from 'express';
import { createHash } from 'node:crypto';
import { bookingHost } from '@murmur/projections/queries/bookings';
import type { CommandDeps } from '../dependencies.ts';
import { mediaAnswer, mediaProviderFromEnv, type MediaProvider } from '../lobbies/media-provider.ts';
import type { CommandModule } from '../command-module.ts';
import { routeIdempotencyKey } from '../wallet/idempotency.ts';
import { loadWallet } from '../wallet/ledger.ts';
import { runBookingStep, scheduleCommands, type StepResult } from './bookings.ts';
import { SessionScheduler } from './session-scheduler.ts';

const idPattern = /^[\w.-]{1,80}$/;
const digest = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 24);

function bookingIdOf(id: string): string {
  if (!idPattern.test(id)) throw new ApiError('NOT_FOUND', bookingTexts.bookingNotFound);
  return id;
}

/** The host of a booking, from the bookings read model (the schedule stream is the host's). */
async function hostOf(deps: CommandDeps, bookingId: string): Promise<string> {
  const host = await bookingHost(deps.pool, bookingId).catch(() => null);
  if (!host) throw new ApiError('NOT_FOUND', bookingTexts.bookingNotFound);
  return host;
}

async function answer(deps: CommandDeps, uid: string, bookingId: string, step: StepResult): Promise<BookingAnswerDto> {
  const b = step.booking!;
  const balance = step.balance !== null && uid === b.buyerUid ? step.balance : (await loadWallet(deps, uid)).balance;
  return { position: step.position.toString(), bookingId, status: b.status, balance, startsAt: b.startsAt, endsAt: b.endsAt };
}

export const bookingModule: CommandModule & { start(deps: CommandDeps): { stop(): Promise<void> } } = {
  name: 'booking',
  routes(router, deps) {
    bookingRoutes(router, deps, mediaProviderFromEnv());
  },
  start(deps) {
    const scheduler = new SessionScheduler(deps);
    scheduler.start();
    return { stop: () => scheduler.stop() };
  },
};

export function bookingRoutes(router: express.Router, deps: CommandDeps, media: MediaProvider): void {
  defineRoute(router, 'POST /user/services', async ({ me: { uid }, body, req }) => {
    const { key } = routeIdempotencyKey(req, uid, 'user/services');
    const serviceId = `svc-${digest(key)}`;
    const step = await runBookingStep(
      deps,
      { type: 'ListService', hostUid: uid, serviceId, ...body, at: deps.clock.now().toISOString() },
      uid,
    );
    return { position: step.position.toString(), serviceId };
  });

  defineRoute(router, 'POST /user/services/remove', async ({ me: { uid }, body }) => {
    const step = await runBookingStep(
      deps,
      { type: 'RemoveService', hostUid: uid, serviceId: body.serviceId, at: deps.clock.now().toISOString() },
      uid,
    );
    return { position: step.position.toString() };
  });

  defineRoute(router, 'POST /booking', async ({ me: { uid }, body, req, repeated }) => {
    const { key } = routeIdempotencyKey(req, uid, 'booking');
    // The host is part of the id: the same key sent for another host is another booking, never the
    // first booking's id (and hold) reused on a second schedule.
    const bookingId = `bk-${digest(`${key}\nhost:${body.hostUid}`)}`;
    const step = await runBookingStep(
      deps,
      {
        type: 'Book',
        hostUid: body.hostUid,
        buyerUid: uid,
        bookingId,
        serviceId: body.serviceId,
        startsAt: body.startsAt,
        at: deps.clock.now().toISOString(),
      },
      uid,
    );
    if (!step.changed) repeated();
    return await answer(deps, uid, bookingId, step);
  });

  defineRoute(router, 'POST /booking/{id}/cancel', async ({ me: { uid }, params }) => {
    const bookingId = bookingIdOf(params.id);
    const hostUid = await hostOf(deps, bookingId);
    const step = await runBookingStep(deps, { type: 'Cancel', hostUid, bookingId, by: uid, at: deps.clock.now().toISOString() }, uid);
    return await answer(deps, uid, bookingId, step);
  });

  defineRoute(router, 'POST /booking/{id}/extend', async ({ me: { uid }, params, req, repeated }) => {
    const bookingId = bookingIdOf(params.id);
    const hostUid = await hostOf(deps, bookingId);
    const { key } = routeIdempotencyKey(req, uid, `booking/${bookingId}/extend`);
    const step = await runBookingStep(
      deps,
      { type: 'Extend', hostUid, bookingId, extensionId: `ext-${digest(key)}`, by: uid, at: deps.clock.now().toISOString() },
      uid,
    );
    if (!step.changed) repeated();
    return await answer(deps, uid, bookingId, step);
  });

  // The voice of the session room, the same media a private room has: both people publish. It is
  // decided on the schedule stream itself (a read model a moment behind must not refuse the start).
  defineRoute(router, 'POST /booking/{id}/voice', async ({ me: { uid }, params }) => {
    const bookingId = bookingIdOf(params.id);
    const hostUid = await hostOf(deps, bookingId);
    const { state } = await scheduleCommands.load(deps, hostUid);
    const booking = state.bookings[bookingId];
    if (!booking || (uid !== hostUid && uid !== booking.buyerUid)) throw new ApiError('NOT_FOUND', bookingTexts.bookingNotFound);
    if (booking.status !== 'live') throw new ApiError('RULE_VIOLATED', bookingTexts.notLive);
    return { bookingId, ...mediaAnswer(media, { scope: 'booking', channel: bookingId, uid, role: 'publisher' }) };
  });
}
