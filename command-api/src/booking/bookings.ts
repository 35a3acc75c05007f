// Every booking step that moves diamonds commits on TWO streams in one transaction: the host's
// schedule (expected version: one booking per time, a booking ends once) and the buyer's wallet
// (expected version: never below zero, a hold ends once). A clash on either rolls the whole step
// back and runs it again, so a refusal on either side writes nothing anywhere.
import { streamIds } from '@murmur/contracts';
import { ApiError } from '@murmur/platform';
import { defineCommandHandler } from '../decider/command-handler.ts';
import type { LedgerDeps } from '../dependencies.ts';
import { walletCommands } from '../wallet/ledger.ts';
import { holdTexts, type WalletCommand } from '../wallet/decide.ts';
import { scheduleDecider, type ScheduleCommand } from './decide.ts';
import { type Booking, type ScheduleState } from './schedule.ts';

export const scheduleCommands = defineCommandHandler({ decider: scheduleDecider, streamId: streamIds.schedule, queue: 'per-stream' });

export interface StepResult {
  position: bigint;
  booking: Booking | undefined;
  /** The buyer's balance after the step (null when the wallet did not move). */
  balance: number | null;
  changed: boolean;
}

/** The wallet side of a schedule step, from what the schedule step appended. */
function walletSide(command: ScheduleCommand, booking: Booking, at: string): WalletCommand | null {
  const uid = booking.buyerUid;
  // A hold names the host's schedule too: the wallet refuses one hold id for two hosts' bookings.
  const reference = (bookingId: string) => `booking:${command.hostUid}/${bookingId}`;
  switch (command.type) {
    case 'Book':
      return {
        type: 'HoldDiamonds',
        uid,
        holdId: command.bookingId,
        amount: booking.sessionPrice,
        reference: reference(command.bookingId),
        at,
      };
    case 'Extend':
      return {
        type: 'HoldDiamonds',
        uid,
        holdId: command.extensionId,
        amount: booking.sessionPrice,
        reference: reference(command.bookingId),
        at,
      };
    case 'Cancel':
      return { type: 'ReleaseHolds', uid, holdIds: booking.holds.map((h) => h.holdId), reference: reference(command.bookingId), at };
    case 'CompleteSession':
      return {
        type: 'SpendHolds',
        uid,
        holdIds: booking.holds.map((h) => h.holdId),
        reference: reference(command.bookingId),
        recipientUid: command.hostUid,
        charmShare: command.charmShare,
        at,
      };
    default:
      return null;
  }
}

/** Runs a schedule command; when it appends, the wallet's side is decided in the same transaction. */
export async function runBookingStep(deps: LedgerDeps, command: ScheduleCommand, actorUid: string): Promise<StepResult> {
  let balance: number | null = null;
  let walletPosition = 0n;
  let before: ScheduleState | null = null;
  const decide = (state: ScheduleState) => {
    before = state;
    return command;
  };
  const result = await scheduleCommands.runInTransaction(
    deps,
    command.hostUid,
    decide,
    {
      after: async (client, state) => {
        balance = null;
        walletPosition = 0n;
        // The schedule appended nothing (a retry, a scheduler tick too early): the wallet stays as it is.
        if (state === before) return;
        const bookingId = command.type === 'ListService' || command.type === 'RemoveService' ? null : command.bookingId;
        const booking = bookingId ? state.bookings[bookingId] : undefined;
        const wallet = booking ? walletSide(command, booking, command.at) : null;
        if (!booking || !wallet) return;
        // Each step's key names it, so every money event carries one (the audit checks).
        const key = command.type === 'Extend' ? `booking:${command.extensionId}:held` : `booking:${bookingId}:${command.type}`;
        const moved = await walletCommands.decideWithin(deps, client, booking.buyerUid, wallet, { actorUid, idempotencyKey: key });
        // A session booked or extended without its own new hold would be a booking nobody paid for.
        if (wallet.type === 'HoldDiamonds' && !moved.events.some((e) => e.type === 'DiamondsHeld'))
          throw new ApiError('CONFLICT', holdTexts.idTaken);
        balance = moved.state.balance;
        walletPosition = moved.position;
      },
    },
    { actorUid },
  );
  const bookingId = command.type === 'ListService' || command.type === 'RemoveService' ? null : command.bookingId;
  const position = walletPosition > result.position ? walletPosition : result.position;
  return { position, booking: bookingId ? result.state.bookings[bookingId] : undefined, balance, changed: result.events.length > 0 };
}
