// Buying, owning and wearing items on the wallet stream: durations, renewals from the current end,
// sold-out and seasonal items, one frame and up to 3 badges, nothing worn that is not owned.
import { findSku } from '@murmur/contracts';
import { describe, expect, it } from 'vitest';
import { walletDecider, type PurchaseSku, type SkuPrice, type WalletCommand } from './decide.ts';
import type { WalletEvent } from './wallet.ts';
import { DeciderSpecification } from '../../../test-support/decider-specification.ts';

const at = '2026-03-01T00:00:00.000Z';
const later = (days: number) => new Date(new Date(at).getTime() + days * 86_400_000).toISOString();

const given = DeciderSpecification.for(walletDecider);

const credit = (amount: number): WalletEvent => ({
  type: 'DiamondsCredited',
  data: { uid: 'u', amount, reason: 'demo_grant', reference: 'r', creditedAt: at },
});
const price = (id: string): SkuPrice => {
  const s = findSku(id)!;
  return {
    id: s.id,
    kind: s.kind,
    name: s.name,
    price: s.price,
    months: s.months,
    days: s.days,
    badge: s.badge,
    availableUntil: s.availableUntil,
  };
};
const buy = (id: string, when = at): PurchaseSku => ({
  type: 'PurchaseSku',
  uid: 'u',
  purchaseId: `p-${id}-${when}`,
  sku: price(id),
  quantity: 1,
  at: when,
});
const bought = (id: string, events: WalletEvent[], when = at): WalletEvent[] => [
  ...events,
  ...given(...events)
    .when(buy(id, when))
    .decided(),
];
const wear = (itemId: string, equip = true, when = at): WalletCommand => ({
  type: 'ChangeAppearance',
  uid: 'u',
  itemId,
  equip,
  lobbyIds: ['L'],
  at: when,
});

describe('buying items', () => {
  it('gives a 30-day frame an end 30 days out, and a renewal extends from the current end', () => {
    const first = bought('frame-rose', [credit(5000)]);
    expect(first.at(-1)).toMatchObject({ type: 'SkuPurchased', data: { skuId: 'frame-rose', expiresAt: later(30), diamondsTotal: 800 } });
    const second = bought('frame-rose', first, later(10));
    expect(second.at(-1)!.data).toMatchObject({ expiresAt: later(60) });
  });

  it('keeps a for-ever frame for ever, and does not sell it again to its owner', () => {
    const owned = bought('frame-gold', [credit(5000)]);
    expect(owned.at(-1)!.data).toMatchObject({ expiresAt: null });
    given(...owned)
      .when(buy('frame-gold', later(1)))
      .thenThrows('CONFLICT', 'You already own this item for ever.');
  });

  it('refuses a sold-out item and a seasonal item after its season, and writes nothing', () => {
    given(credit(99_999)).when(buy('frame-diamond')).thenThrows('RULE_VIOLATED', 'This item is sold out.');
    given(credit(99_999)).when(buy('frame-valentine')).thenThrows('RULE_VIOLATED', 'This item is no longer available.');
    const inSeason = buy('frame-valentine', '2026-02-10T00:00:00.000Z');
    expect(given(credit(99_999)).when(inSeason).decided()).toHaveLength(1);
  });

  it('refuses a purchase above the balance', () => {
    given(credit(2999))
      .when(buy('frame-castle'))
      .thenThrows('INSUFFICIENT_BALANCE', 'Insufficient balance: this needs 3000 diamonds and you have 2999.');
  });
});

describe('wearing items', () => {
  it('wears an owned frame, and a second frame replaces the first', () => {
    const owned = bought('frame-rose', bought('frame-gold', [credit(5000)]));
    const worn = given(...owned)
      .when(wear('frame-gold'))
      .decided();
    expect(worn).toEqual([
      { type: 'AppearanceChanged', data: { uid: 'u', frameId: 'frame-gold', badgeIds: [], lobbyIds: ['L'], changedAt: at } },
    ]);
    const swapped = given(...owned, ...worn)
      .when(wear('frame-rose'))
      .decided();
    expect(swapped[0]!.data).toMatchObject({ frameId: 'frame-rose' });
  });

  it('refuses what the user does not own, an expired item and anything but frames and badges', () => {
    given(credit(5000)).when(wear('frame-gold')).thenThrows('RULE_VIOLATED', 'You do not own this item.');
    given(credit(5000)).when(wear('vip-frame')).thenThrows('RULE_VIOLATED', 'You do not own this item.');
    const castle = bought('frame-castle', [credit(5000)]);
    given(...castle)
      .when(wear('frame-castle', true, later(8)))
      .thenThrows('RULE_VIOLATED', 'This item has expired.');
    given(...bought('gift-teddy', [credit(5000)]))
      .when(wear('gift-teddy'))
      .thenThrows('RULE_VIOLATED', 'This item cannot be worn.');
  });

  it('wears up to 3 badges, and a fourth needs one taken off', () => {
    let events = bought('badge-supporter', bought('badge-star', bought('badge-rocket', [credit(99_999)])));
    events = bought('vip-year', events);
    for (const id of ['badge-supporter', 'badge-star', 'vip-badge'])
      events = [
        ...events,
        ...given(...events)
          .when(wear(id))
          .decided(),
      ];
    expect(given(...events).state.badgeIds).toEqual(['badge-supporter', 'badge-star', 'vip-badge']);
    given(...events)
      .when(wear('badge-rocket'))
      .thenThrows('RULE_VIOLATED', 'You can wear at most 3 badges. Take one off first.');
    events = [
      ...events,
      ...given(...events)
        .when(wear('badge-star', false))
        .decided(),
    ];
    expect(
      given(...events)
        .when(wear('badge-rocket'))
        .decided()[0]!.data,
    ).toMatchObject({
      badgeIds: ['badge-supporter', 'vip-badge', 'badge-rocket'],
    });
  });

  it('owns the VIP frame while VIP lasts', () => {
    const vip = bought('vip-year', [credit(20_000)]);
    expect(
      given(...vip)
        .when(wear('vip-frame'))
        .decided()[0]!.data,
    ).toMatchObject({ frameId: 'vip-frame' });
    given(...vip)
      .when(wear('vip-frame', true, '2027-03-02T00:00:00.000Z'))
      .thenThrows('RULE_VIOLATED', 'This item has expired.');
  });

  it('takes off a worn item; taking off what is not worn changes nothing', () => {
    const owned = bought('frame-gold', [credit(5000)]);
    const worn = [
      ...owned,
      ...given(...owned)
        .when(wear('frame-gold'))
        .decided(),
    ];
    expect(
      given(...worn)
        .when(wear('frame-gold', false))
        .decided()[0]!.data,
    ).toMatchObject({ frameId: null });
    given(...owned)
      .when(wear('frame-gold', false))
      .thenNothing();
  });
});

describe('VIP top-up bonus', () => {
  const topUp = (when: string, purpose: 'topup' | 'vip' = 'topup'): WalletCommand => ({
    type: 'CreditPayment',
    uid: 'u',
    paymentId: 'pay-1',
    purpose,
    diamonds: 1000,
    amountUsdCents: 1000,
    at: when,
  });

  it('mints 5% more on a top-up while VIP lasts, with its own reason and no cash', () => {
    const vip = bought('vip-year', [credit(12_000)]);
    given(...vip)
      .when(topUp(later(1)))
      .then([
        {
          type: 'DiamondsCredited',
          data: { uid: 'u', amount: 1000, reason: 'topup', reference: 'pay-1', amountUsdCents: 1000, creditedAt: later(1) },
        },
        {
          type: 'DiamondsCredited',
          data: { uid: 'u', amount: 50, reason: 'vip_bonus', reference: 'pay-1:vip-bonus', creditedAt: later(1) },
        },
      ]);
  });

  it('gives none without VIP, after it ends, or on the VIP checkout payment itself', () => {
    expect(given().when(topUp(at)).decided()).toHaveLength(1);
    const vip = bought('vip-year', [credit(12_000)]);
    expect(
      given(...vip)
        .when(topUp('2027-03-02T00:00:00.000Z'))
        .decided(),
    ).toHaveLength(1);
    expect(
      given(...vip)
        .when(topUp(later(1), 'vip'))
        .decided(),
    ).toHaveLength(1);
  });
});
