// POST gifting/send-gift: the gift is appended to the sender's wallet stream only (in a lobby or room,
// under that stream's guard); recipients' charm follows by projection, so a host showered with gifts
// is never a hot stream.
import { findGift, money, type SendGiftBody } from '@murmur/contracts';
import { ApiError, defineRoute } from '@murmur/platform';
import type { CommandDeps } from '../dependencies.ts';
import type { CommandModule } from '../command-module.ts';
import { routeIdempotencyKey } from '../wallet/idempotency.ts';
import { onHeldState, type HeldStream } from '../decider/on-held-state.ts';
import { lobbyCommands, roomCommands } from '../lobbies/lobby-streams.ts';
import { isLobbyOrRoomId } from '../lobbies/path-ids.ts';
import type { WalletCommand } from '../wallet/decide.ts';
import { runWalletCommand, type WalletResult } from '../wallet/ledger.ts';
import { checkProfileRecipients, lobbyRecipientsRefusal, roomRecipientsRefusal } from './recipients.ts';

export async function sendGift(deps: CommandDeps, uid: string, body: SendGiftBody, idempotencyKey: string): Promise<WalletResult> {
  const gift = findGift(body.giftName);
  if (!gift) throw new ApiError('NOT_FOUND', 'Gift not found.');
  if (gift.badge === 'coming_soon') throw new ApiError('RULE_VIOLATED', 'This gift is coming soon.');
  if (gift.badge === 'sold_out') throw new ApiError('RULE_VIOLATED', 'This gift is sold out.');
  if (body.recipients.includes(uid)) throw new ApiError('RULE_VIOLATED', 'You cannot send a gift to yourself.');
  const { lobbyId, roomId, recipients } = body;
  if (lobbyId && roomId) throw new ApiError('VALIDATION_FAILED', 'A gift is sent in a lobby or in a room, not both.');
  const command: WalletCommand = {
    type: 'SendGift',
    uid,
    gift: { id: gift.id, name: gift.name, unitPrice: gift.unitPrice },
    quantity: body.quantity,
    recipients,
    ...(lobbyId ? { lobbyId } : {}),
    ...(roomId ? { roomId } : {}),
    charmShare: money.hostCharmShare,
    at: deps.clock.now().toISOString(),
  };
  if (lobbyId) {
    if (!isLobbyOrRoomId(lobbyId)) throw new ApiError('NOT_FOUND', 'Lobby not found.');
    return sendOnHeldState(deps, uid, command, idempotencyKey, lobbyCommands, lobbyId, (lobby) =>
      lobbyRecipientsRefusal(lobby, recipients),
    );
  }
  if (roomId) {
    if (!isLobbyOrRoomId(roomId)) throw new ApiError('NOT_FOUND', 'Room not found.');
    return sendOnHeldState(deps, uid, command, idempotencyKey, roomCommands, roomId, (room) => roomRecipientsRefusal(room, recipients));
  }
  await checkProfileRecipients(deps, recipients);
  return runWalletCommand(deps, uid, command, idempotencyKey);
}

/** A gift in a lobby or room: its recipients are decided on the lobby's (room's) state this process
 * holds, and the wallet append is made only while that stream is still at the version they were
 * decided on (docs/decisions/money.md, "Which gifts may be sent, to whom"). A kick or an end written
 * since by another process makes the append write nothing, and the gift is decided again on the
 * stream read anew. The refusal is decided inside the wallet command, so a repeated key still
 * answers with its first result. */
async function sendOnHeldState<State>(
  deps: CommandDeps,
  uid: string,
  command: WalletCommand,
  idempotencyKey: string,
  stream: HeldStream<string, State>,
  id: string,
  refusal: (state: State) => ApiError | null,
): Promise<WalletResult> {
  return onHeldState(
    deps,
    stream,
    id,
    (state) => refusal(state) === null,
    (at) =>
      runWalletCommand(
        deps,
        uid,
        () => {
          const refused = refusal(at.state);
          if (refused) throw refused;
          return command;
        },
        idempotencyKey,
        { guard: at.guard },
      ),
  );
}

export const giftingModule: CommandModule = {
  name: 'gifting',
  routes(router, deps) {
    defineRoute(router, 'POST /gifting/send-gift', async ({ me: { uid }, body, req, repeated }) => {
      const { key } = routeIdempotencyKey(req, uid, 'gifting/send-gift');
      const result = await sendGift(deps, uid, body, key);
      const sent = result.events.find((e) => e.type === 'GiftSent');
      if (result.duplicate) repeated();
      return { position: result.position.toString(), balance: result.balance, duplicate: result.duplicate, gift: sent?.data ?? null };
    });
  },
};
