import { describe, expect, it } from 'vitest';
import { walletDecider, type WalletCommand } from './decide.ts';
import type { WalletEvent } from './wallet.ts';
import { DeciderSpecification } from '../../../test-support/decider-specification.ts';

const at = '2026-01-01T00:00:00.000Z';

const given = DeciderSpecification.for(walletDecider);

const credited = (amount: number, reason: 'topup' | 'demo_grant' = 'demo_grant'): WalletEvent => ({
  type: 'DiamondsCredited',
  data: { uid: 'u1', amount, reason, reference: 'r', creditedAt: at },
});

const rose = { id: 'gift-rose', name: 'rose', unitPrice: 10 };

describe('wallet decider', () => {
  it('credits diamonds', () => {
    given()
      .when({ type: 'CreditDiamonds', uid: 'u1', amount: 500, reason: 'refund', reference: 'pay-1', at })
      .then([{ type: 'DiamondsCredited', data: { uid: 'u1', amount: 500, reason: 'refund', reference: 'pay-1', creditedAt: at } }]);
  });

  it('refuses a zero, negative or fractional amount', () => {
    for (const amount of [0, -5, 1.5, Number.NaN]) {
      given()
        .when({ type: 'CreditDiamonds', uid: 'u1', amount, reason: 'refund', reference: 'x', at })
        .thenThrows('VALIDATION_FAILED', 'Amount must be a positive whole number of diamonds.');
      given(credited(100))
        .when({ type: 'SpendDiamonds', uid: 'u1', amount, reason: 'room_fee', reference: 'x', at })
        .thenThrows('VALIDATION_FAILED', 'Amount must be a positive whole number of diamonds.');
    }
  });

  it('spends exactly the whole balance, and not one diamond more', () => {
    given(credited(100))
      .when({ type: 'SpendDiamonds', uid: 'u1', amount: 100, reason: 'lobby_entry', reference: 'lobby-1', at })
      .then([{ type: 'DiamondsSpent', data: { uid: 'u1', amount: 100, reason: 'lobby_entry', reference: 'lobby-1', spentAt: at } }]);
    given(credited(100))
      .when({ type: 'SpendDiamonds', uid: 'u1', amount: 101, reason: 'lobby_entry', reference: 'lobby-1', at })
      .thenThrows('INSUFFICIENT_BALANCE', /needs 101 diamonds and you have 100/);
  });

  it('sends a gift to several recipients, charging each and sharing half as charm', () => {
    given(credited(1000))
      .when({ type: 'SendGift', uid: 'u1', gift: rose, quantity: 10, recipients: ['h1', 'h2'], lobbyId: 'l1', charmShare: 0.5, at })
      .then([
        {
          type: 'GiftSent',
          data: {
            senderUid: 'u1',
            giftId: 'gift-rose',
            giftName: 'rose',
            quantity: 10,
            unitPrice: 10,
            diamondsTotal: 200,
            recipients: ['h1', 'h2'],
            charmPerRecipient: 50,
            lobbyId: 'l1',
            sentAt: at,
          },
        },
      ]);
  });

  it('refuses a gift above the balance, to oneself, to a repeated recipient or with another quantity', () => {
    given(credited(199))
      .when({ type: 'SendGift', uid: 'u1', gift: rose, quantity: 10, recipients: ['h1', 'h2'], charmShare: 0.5, at })
      .thenThrows('INSUFFICIENT_BALANCE', 'Insufficient balance: this needs 200 diamonds and you have 199.');
    given(credited(1000))
      .when({ type: 'SendGift', uid: 'u1', gift: rose, quantity: 1, recipients: ['u1'], charmShare: 0.5, at })
      .thenThrows('RULE_VIOLATED', 'You cannot send a gift to yourself.');
    given(credited(1000))
      .when({ type: 'SendGift', uid: 'u1', gift: rose, quantity: 1, recipients: ['h1', 'h1'], charmShare: 0.5, at })
      .thenThrows('VALIDATION_FAILED', 'Recipients must be a list of different users.');
    given(credited(1000))
      .when({ type: 'SendGift', uid: 'u1', gift: rose, quantity: 5, recipients: ['h1'], charmShare: 0.5, at })
      .thenThrows('VALIDATION_FAILED', 'Quantity must be one of 1, 10, 99, 999.');
    given(credited(1000))
      .when({ type: 'SendGift', uid: 'u1', gift: { ...rose, unitPrice: 0 }, quantity: 1, recipients: ['h1'], charmShare: 0.5, at })
      .thenThrows('RULE_VIOLATED', 'This gift is not for sale.');
  });

  it('lowers the balance after a gift, a spend and a purchase', () => {
    const { state } = given(
      credited(1000),
      {
        type: 'GiftSent',
        data: {
          senderUid: 'u1',
          giftId: 'g',
          giftName: 'rose',
          quantity: 1,
          unitPrice: 10,
          diamondsTotal: 20,
          recipients: ['a', 'b'],
          charmPerRecipient: 5,
          sentAt: at,
        },
      },
      { type: 'DiamondsSpent', data: { uid: 'u1', amount: 30, reason: 'room_fee', reference: 'r', spentAt: at } },
      {
        type: 'SkuPurchased',
        data: {
          uid: 'u1',
          purchaseId: 'p',
          skuId: 's',
          skuKind: 'frame',
          name: 'f',
          quantity: 1,
          unitPrice: 50,
          diamondsTotal: 50,
          purchasedAt: at,
          expiresAt: null,
        },
      },
    );
    expect(state).toMatchObject({ balance: 900, credited: 1000, spent: 100, hasToppedUp: false, offerRedeemed: false, vipUntil: null });
  });

  it('marks the first paid top-up', () => {
    expect(given(credited(10, 'demo_grant')).state.hasToppedUp).toBe(false);
    expect(given(credited(10, 'topup')).state.hasToppedUp).toBe(true);
  });

  it('credits the first top-up offer once per account; a second offer payment buys at the normal rate', () => {
    const offer = (paymentId: string): WalletCommand => ({
      type: 'CreditPayment',
      uid: 'u1',
      paymentId,
      purpose: 'first_topup_offer',
      diamonds: 3000,
      amountUsdCents: 1500,
      at,
    });
    const redeemed: WalletEvent = {
      type: 'DiamondsCredited',
      data: { uid: 'u1', amount: 3000, reason: 'first_topup_offer', reference: 'p1', amountUsdCents: 1500, creditedAt: at },
    };
    given().when(offer('p1')).then([redeemed]);
    given(redeemed)
      .when(offer('p2'))
      .then([
        {
          type: 'DiamondsCredited',
          data: { uid: 'u1', amount: 1500, reason: 'topup', reference: 'p2', amountUsdCents: 1500, creditedAt: at },
        },
      ]);
    // A normal top-up before the offer was paid does not use the offer up: it was sold when opened.
    given(credited(1000, 'topup'))
      .when(offer('p3'))
      .then([{ ...redeemed, data: { ...redeemed.data, reference: 'p3' } }]);
    given()
      .when({ type: 'CreditPayment', uid: 'u1', paymentId: 'p4', purpose: 'topup', diamonds: 1000, amountUsdCents: 1000, at })
      .then([
        {
          type: 'DiamondsCredited',
          data: { uid: 'u1', amount: 1000, reason: 'topup', reference: 'p4', amountUsdCents: 1000, creditedAt: at },
        },
      ]);
  });

  it('buys VIP for 12 months and extends a running one from its end', () => {
    const vip = { id: 'vip-year', kind: 'vip' as const, name: 'VIP', price: 12000, months: 12 };
    given(credited(12000))
      .when({ type: 'PurchaseSku', uid: 'u1', purchaseId: 'p1', sku: vip, quantity: 1, at })
      .then([
        {
          type: 'SkuPurchased',
          data: {
            uid: 'u1',
            purchaseId: 'p1',
            skuId: 'vip-year',
            skuKind: 'vip',
            name: 'VIP',
            quantity: 1,
            unitPrice: 12000,
            diamondsTotal: 12000,
            purchasedAt: at,
            expiresAt: '2027-01-01T00:00:00.000Z',
          },
        },
      ]);
    const running: WalletEvent = {
      type: 'SkuPurchased',
      data: {
        uid: 'u1',
        purchaseId: 'p0',
        skuId: 'vip-year',
        skuKind: 'vip',
        name: 'VIP',
        quantity: 1,
        unitPrice: 0,
        diamondsTotal: 0,
        purchasedAt: at,
        expiresAt: '2026-06-01T00:00:00.000Z',
      },
    };
    const [event] = given(credited(12000), running)
      .when({ type: 'PurchaseSku', uid: 'u1', purchaseId: 'p1', sku: vip, quantity: 1, at })
      .decided();
    expect((event?.data as { expiresAt: string }).expiresAt).toBe('2027-06-01T00:00:00.000Z');
    given(credited(11999))
      .when({ type: 'PurchaseSku', uid: 'u1', purchaseId: 'p1', sku: vip, quantity: 1, at })
      .thenThrows('INSUFFICIENT_BALANCE', 'Insufficient balance: this needs 12000 diamonds and you have 11999.');
    given(credited(30000))
      .when({ type: 'PurchaseSku', uid: 'u1', purchaseId: 'p1', sku: vip, quantity: 2, at })
      .thenThrows('VALIDATION_FAILED', 'This item is bought one at a time.');
  });

  it('holds once per hold id: a retry holds nothing more, the same id for another booking is refused', () => {
    const hold: WalletCommand = { type: 'HoldDiamonds', uid: 'u1', holdId: 'bk-1', amount: 300, reference: 'booking:h1/bk-1', at };
    const held: WalletEvent = {
      type: 'DiamondsHeld',
      data: { uid: 'u1', holdId: 'bk-1', amount: 300, reference: 'booking:h1/bk-1', heldAt: at },
    };
    given(credited(1000)).when(hold).then([held]);
    given(credited(1000), held).when(hold).thenNothing();
    given(credited(1000), held)
      .when({ ...hold, reference: 'booking:h2/bk-1' })
      .thenThrows('CONFLICT', /already holds diamonds for something else/);
    given(credited(1000), held)
      .when({ ...hold, amount: 200 })
      .thenThrows('CONFLICT', 'This hold id already holds diamonds for something else.');
    const released: WalletEvent = {
      type: 'HoldReleased',
      data: { uid: 'u1', holdId: 'bk-1', amount: 300, reference: 'booking:h1/bk-1', releasedAt: at },
    };
    given(credited(1000), held, released)
      .when({ ...hold, reference: 'booking:h2/bk-1' })
      .thenThrows('CONFLICT', 'This hold id already holds diamonds for something else.');
  });
});
