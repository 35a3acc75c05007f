// Profile details over real HTTP: every rule of the profile edits (docs/decisions/social.md) and their read model.
import { texts } from '@murmur/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../../test-support/stack.ts';
import { temporaryMediaDir } from '../../../test-support/media-dir.ts';
import { creditDiamonds } from '../wallet/ledger.ts';

let stack: TestStack;
const mediaDir = temporaryMediaDir();
beforeAll(async () => {
  process.env.MEDIA_DIR = mediaDir;
  stack = await startTestStack();
});
afterAll(async () => stack?.stop());

const put = async (token: string, body: unknown) => stack.api('/user/profile/details', { method: 'PUT', token, body });
const read = async (token: string, position: string) =>
  stack.api('/user/profile/details', { token, headers: { 'x-min-position': position } });

describe('PUT user/profile/details', () => {
  it('saves the fields and reads them back with follower counts', async () => {
    const token = await stack.tokenFor('prof-a');
    const saved = await put(token, {
      profileFormList: [
        { field: 'username', value: 'alice_1' },
        { field: 'bio', value: 'hello' },
        { field: 'gender', value: 'nonconforming' },
      ],
      birthday: '1990-05-01',
      pinnedMessage: 'pinned',
      address: { street: '1 Main', country: 'PH', state: 'NCR', city: 'Manila' },
    });
    expect(saved.status).toBe(200);
    const { body } = await read(token, saved.body.position);
    expect(body.username).toBe('alice_1');
    expect(body.profileFormList).toEqual(
      expect.arrayContaining([
        { field: 'bio', value: 'hello' },
        { field: 'pinnedMessage', value: 'pinned' },
        { field: 'birthday', value: '1990-05-01' },
        { field: 'gender', value: 'nonconforming' },
      ]),
    );
    expect(body.address).toEqual({ street: '1 Main', country: 'PH', state: 'NCR', city: 'Manila' });
    expect(body.followerCount).toBe(0);
    expect(body.usernameChangesLeft).toBe(2);
  });

  it('refuses symbols and emojis in the username', async () => {
    const token = await stack.tokenFor('prof-b');
    for (const username of ['bad name!', 'smile😀', 'a@b']) {
      const res = await put(token, { username });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(texts.noSymbols);
    }
  });

  it('refuses a 4th username change in a month', async () => {
    const token = await stack.tokenFor('prof-c');
    for (const name of ['carl_one', 'carl_two', 'carl_three']) expect((await put(token, { username: name })).status).toBe(200);
    const fourth = await put(token, { username: 'carl_four' });
    expect(fourth.status).toBe(422);
    expect(fourth.body.error.message).toBe(texts.nameChangeLimit);
    // The refused name was not kept: someone else can take it.
    expect((await put(await stack.tokenFor('prof-c2'), { username: 'carl_four' })).status).toBe(200);
  });

  it('keeps usernames unique, case-insensitively, and frees a name that was changed away from', async () => {
    const a = await stack.tokenFor('prof-d');
    const b = await stack.tokenFor('prof-e');
    expect((await put(a, { username: 'Dora' })).status).toBe(200);
    const clash = await put(b, { username: 'dora' });
    expect(clash.status).toBe(409);
    expect((await put(a, { username: 'dora_new' })).status).toBe(200);
    expect((await put(b, { username: 'dora' })).status).toBe(200);
  });

  it('refuses a username another user was given at registration', async () => {
    const guest = await stack.api('/auth/login', { method: 'POST', body: { credentials: { type: 'guest' } } });
    expect(guest.status).toBe(200);
    const me = await stack.api('/user/me', { token: guest.body.token, headers: { 'x-min-position': String(guest.body.position ?? 0) } });
    const given: string = me.body.username;
    expect(given.length).toBeGreaterThan(2);
    const b = await stack.tokenFor('prof-f');
    const clash = await put(b, { username: given.toUpperCase() });
    expect(clash.status).toBe(409);
    expect((await put(b, { username: 'ginny5678' })).status).toBe(200);
  });

  it('refuses a bio or pinned message over 120 characters', async () => {
    const token = await stack.tokenFor('prof-f');
    for (const field of ['bio', 'pinnedMessage']) {
      const res = await put(token, { [field]: 'x'.repeat(121) });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe('This field must not be more than 120 characters.');
    }
    expect((await put(token, { bio: 'x'.repeat(120) })).status).toBe(200);
  });

  it('refuses a birthday under 18 and an unknown gender', async () => {
    const token = await stack.tokenFor('prof-g');
    const year = new Date().getUTCFullYear() - 17;
    const young = await put(token, { birthday: `${year}-01-01` });
    expect(young.status).toBe(400);
    expect(young.body.error.message).toBe(texts.minAge);
    expect((await put(token, { gender: 'other' })).status).toBe(400);
  });

  it('takes an address country only from the ISO 3166-1 list, stored as its code', async () => {
    const token = await stack.tokenFor('prof-country');
    const unknown = await put(token, { address: { city: 'Nowhere', country: 'Narnia' } });
    expect([unknown.status, unknown.body.error.message]).toEqual([400, 'Choose a country from the list.']);
    expect((await put(token, { address: { city: 'Lyon', country: 'fr' } })).status).toBe(200);
  });

  it('shows another user with counts, badges, VIP, frame and the gift wall; block and report', async () => {
    const viewer = await stack.tokenFor('prof-v');
    const host = await stack.tokenFor('prof-h');
    await put(host, { username: 'hosty', bio: 'I host' });
    const followed = await stack.api('/user/follow/prof-h', { method: 'POST', token: viewer });
    expect(followed.status).toBe(200);
    // The gift wall comes from the money module's GiftSent, appended here as it would.
    await stack.command.deps.store.append('wallet-prof-v', [
      {
        type: 'GiftSent',
        data: {
          senderUid: 'prof-v',
          giftId: 'rose',
          giftName: 'Rose',
          quantity: 3,
          unitPrice: 10,
          diamondsTotal: 30,
          recipients: ['prof-h'],
          charmPerRecipient: 15,
          sentAt: new Date().toISOString(),
        },
      },
    ]);
    // VIP and the frame through the real commands: bought, then the frame worn (the profile shows what is worn).
    await creditDiamonds(stack.command.deps, {
      uid: 'prof-h',
      amount: 20_000,
      reason: 'demo_grant',
      reference: 'test',
      idempotencyKey: 'grant-prof-h',
    });
    for (const skuId of ['vip-year', 'frame-gold']) {
      const bought = await stack.api('/payment/purchase', { method: 'POST', token: host, body: { skuId } });
      expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    }
    const worn = await stack.api('/wallet/collections/equip', { method: 'POST', token: host, body: { itemId: 'frame-gold', equip: true } });
    expect(worn.status, JSON.stringify(worn.body)).toBe(200);
    const role = await stack.command.deps.store.append('user-prof-h', [
      { type: 'RoleGranted', data: { uid: 'prof-h', role: 'h', grantedBy: 'prof-admin', at: new Date().toISOString() } },
    ]);
    expect(role.lastPosition > BigInt(worn.body.position)).toBe(true);
    const view = await stack.api('/user/profile/view/prof-h', {
      token: viewer,
      headers: { 'x-min-position': role.lastPosition.toString() },
    });
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      username: 'hosty',
      bio: 'I host',
      followerCount: 1,
      isFollowing: true,
      isSelf: false,
      vip: true,
      frame: 'frame-gold',
    });
    expect(view.body.badges).toContain('Verified Host');
    expect(view.body.giftWall).toEqual([{ giftId: 'rose', giftName: 'Rose', quantity: 3, diamonds: 30 }]);

    const blocked = await stack.api('/user/block/prof-h', { method: 'POST', token: viewer });
    const after = await stack.api('/user/profile/view/prof-h', { token: viewer, headers: { 'x-min-position': blocked.body.position } });
    expect(after.body).toMatchObject({ isBlocked: true, isFollowing: false, followerCount: 0 });
    expect((await stack.api('/user/report/prof-h', { method: 'POST', token: viewer, body: { reason: '' } })).status).toBe(400);
    expect((await stack.api('/user/report/prof-h', { method: 'POST', token: viewer, body: { reason: 'spam' } })).status).toBe(200);
    expect((await stack.api('/user/profile/view/nobody-here', { token: viewer })).status).toBe(404);
  });
});

describe('PUT user/profile/details as multipart', () => {
  it('takes the fields as parts and the picture and banner as files', async () => {
    const sharp = (await import('sharp')).default;
    const image = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set('bio', 'from a form');
    form.set('profileFormList', JSON.stringify([{ field: 'username', value: 'formy' }]));
    form.set('address', JSON.stringify({ city: 'Cebu' }));
    form.set('profilePicImage', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'me.png');
    form.set('profileBannerImage', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'banner.png');
    const token = await stack.tokenFor('prof-multi');
    const res = await fetch(`${stack.commandUrl}/api/v1/user/profile/details`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(res.status).toBe(200);
    const { position } = (await res.json()) as { position: string };
    const { body } = await read(token, position);
    expect(body).toMatchObject({ username: 'formy', address: { city: 'Cebu', street: '', state: '', country: '' } });
    expect(body.profilePicUrl).toMatch(/^\/api\/v1\/media\/object\/prof-multi\/profile\/[\w-]+\.png\?/);
    expect((await fetch(`${stack.queryUrl}${body.profilePicUrl}`)).status).toBe(200);

    const bad = new FormData();
    bad.set('profilePicImage', new Blob(['not an image'], { type: 'image/png' }), 'x.png');
    const refused = await fetch(`${stack.commandUrl}/api/v1/user/profile/details`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}` },
      body: bad,
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(texts.uploadImageOnly);
  });
});
