// POST gifting/send-gift: the gift is decided on the sender's wallet stream only; recipients'
// charm follows by projection, so a host showered with gifts is never a hot stream.
import { findGift, money, type SendGiftBody } from '@murmur/contracts';
import { ApiError, defineRoute } from '@murmur/platform';
import type { CommandDeps } from '../dependencies.ts';
import type { CommandModule } from '../command-module.ts';
import { routeIdempotencyKey } from '../wallet/idempotency.ts';
import { runWalletCommand } from '../wallet/ledger.ts';
import { checkRecipients } from './recipients.ts';

export async function sendGift(deps: CommandDeps, uid: string, body: SendGiftBody, idempotencyKey: string) {
  const gift = findGift(body.giftName);
  if (!gift) throw new ApiError('NOT_FOUND', 'Gift not found.');
  if (gift.badge === 'coming_soon') throw new ApiError('RULE_VIOLATED', 'This gift is coming soon.');
  if (gift.badge === 'sold_out') throw new ApiError('RULE_VIOLATED', 'This gift is sold out.');
  if (body.recipients.includes(uid)) throw new ApiError('RULE_VIOLATED', 'You cannot send a gift to yourself.');
  await checkRecipients(deps, body, body.recipients);
  return runWalletCommand(
    deps,
    uid,
    {
      type: 'SendGift',
      uid,
      gift: { id: gift.id, name: gift.name, unitPrice: gift.unitPrice },
      quantity: body.quantity,
      recipients: body.recipients,
      ...(body.lobbyId ? { lobbyId: body.lobbyId } : {}),
      ...(body.roomId ? { roomId: body.roomId } : {}),
      charmShare: money.hostCharmShare,
      at: deps.clock.now().toISOString(),
    },
    idempotencyKey,
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
