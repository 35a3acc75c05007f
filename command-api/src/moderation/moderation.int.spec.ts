// Over HTTP: a chat message reported with its context, the queue, a ban decided from it
// (the author's sessions stop, sign-in says 'Your account is banned.'), the reporter's notification,
// the author out of the lobby at once; the audit trail by subject and by operator; refusals (a second decision, banning oneself, a
// silence without a duration) that write nothing; and no operator action changing an event.
import { headPosition } from '@murmur/eventstore';
import { moderationTexts, streamIds, texts } from '@murmur/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIdentityStack, type IdentityStack } from '../../../test-support/identity.ts';
import { appendedSince } from '../../../test-support/nothing-written.ts';

let stack: IdentityStack;
const users: Record<'owner' | 'amy' | 'troll' | 'admin', { uid: string; token: string; refreshCookie: string }> = {} as never;
let adminToken: string;
let lobbyId: string;

const call = (token: string, method: string, path: string, body?: unknown) => stack.api(path, { method, token, body });
const read = (token: string, path: string, position: string) => stack.readAfter(path, token, position);

beforeAll(async () => {
  stack = await startIdentityStack();
  for (const name of ['owner', 'amy', 'troll', 'admin'] as const) {
    const { body, refreshCookie } = await stack.signInWithEmail(`${name}-mod@example.com`);
    users[name] = { uid: body.uid, token: body.token, refreshCookie };
  }
  adminToken = await stack.tokenFor(users.admin.uid, ['co', 'ad']);
  const lobby = await call(users.owner.token, 'POST', '/lobbies', {
    title: 'Moderated talk',
    mainCategoryId: 'chatting',
    languages: ['ENG'],
  });
  expect(lobby.status).toBe(201);
  lobbyId = lobby.body.lobbyId;
  for (const who of ['amy', 'troll'] as const)
    expect((await call(users[who].token, 'POST', `/lobbies/${lobbyId}/join`)).status).toBeLessThan(300);
}, 120_000);

afterAll(async () => stack?.stop());

async function chat(who: 'amy' | 'troll', body: string) {
  const res = await call(users[who].token, 'POST', `/lobbies/${lobbyId}/chat`, { payload: { body } });
  expect(res.status).toBe(201);
  return res.body as { messageId: string; position: string };
}

describe('reports queue and decisions', () => {
  let reportId: string;
  let spamId: string;

  it('files a report on a chat message with the message and the lines before it', async () => {
    await chat('amy', 'hello everyone');
    const spam = await chat('troll', 'buy followers at scam.example');
    spamId = spam.messageId;
    await read(users.amy.token, `/lobbies/${lobbyId}/chat`, spam.position);
    const filed = await call(users.amy.token, 'POST', '/reports', {
      target: { kind: 'message', lobbyId, messageId: spamId },
      reason: 'Spam or scam',
    });
    expect(filed.status).toBe(201);
    reportId = filed.body.reportId;

    const queue = await read(adminToken, '/console/reports?status=open', filed.body.position);
    expect(queue.status).toBe(200);
    const report = queue.body.items.find((r: { reportId: string }) => r.reportId === reportId);
    expect(report).toMatchObject({
      kind: 'message',
      reason: 'Spam or scam',
      content: 'buy followers at scam.example',
      contentType: 'text',
      lobbyId,
      reporter: { uid: users.amy.uid },
      subject: { uid: users.troll.uid },
      decision: null,
    });
    expect(report.context.map((c: { text: string }) => c.text)).toContain('hello everyone');
    // Each line names its sender, not only the reported user: the moderator reads names.
    const amy = (await call(users.amy.token, 'GET', '/user/me')).body as { username: string };
    expect(report.context.find((c: { text: string }) => c.text === 'hello everyone')).toMatchObject({
      uid: users.amy.uid,
      username: amy.username,
    });
  });

  it("refuses reports that name nothing, one's own content or no reason, writing nothing", async () => {
    const before = await headPosition(stack.db.pool);
    const own = await call(users.troll.token, 'POST', '/reports', { target: { kind: 'message', lobbyId, messageId: spamId }, reason: 'x' });
    expect(own.status).toBe(422);
    expect(own.body.error.message).toBe(moderationTexts.cannotReportSelf);
    const missing = await call(users.amy.token, 'POST', '/reports', { target: { kind: 'post', postId: 'no-such-post' }, reason: 'x' });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe(moderationTexts.contentNotFound);
    const empty = await call(users.amy.token, 'POST', '/reports', { target: { kind: 'user', uid: users.troll.uid }, reason: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe(moderationTexts.reportReasonRequired);
    expect(await appendedSince(stack.db.pool, before, { actors: [users.troll.uid, users.amy.uid] })).toEqual([]);
  });

  it('only admins see the queue or decide', async () => {
    expect((await stack.api('/console/reports', { token: users.amy.token })).status).toBe(403);
    expect((await call(users.amy.token, 'POST', `/console/reports/${reportId}/decide`, { action: 'dismiss' })).status).toBe(403);
  });

  it('refuses a silence without a duration and a ban by the banned, writing nothing', async () => {
    const before = await headPosition(stack.db.pool);
    const silence = await call(adminToken, 'POST', `/console/reports/${reportId}/decide`, { action: 'silence', reason: 'cool off' });
    expect(silence.status).toBe(400);
    expect(silence.body.error.message).toBe(moderationTexts.durationRequired);
    const noReason = await call(adminToken, 'POST', `/console/reports/${reportId}/decide`, { action: 'ban' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.message).toBe(moderationTexts.reasonRequired);
    const self = await call(adminToken, 'POST', `/admin/users/${users.admin.uid}/ban`, { banned: true, reason: 'oops' });
    expect(self.status).toBe(422);
    expect(self.body.error.message).toBe(moderationTexts.cannotActOnSelf);
    expect(
      await appendedSince(stack.db.pool, before, {
        streams: [streamIds.report(reportId), streamIds.user(users.troll.uid), streamIds.user(users.admin.uid)],
        actors: [users.admin.uid],
      }),
    ).toEqual([]);
  });

  it('bans the author from the report: sessions stop, sign-in is refused, the reporter is notified', async () => {
    const decided = await call(adminToken, 'POST', `/console/reports/${reportId}/decide`, {
      action: 'ban',
      reason: 'Spam links',
      durationHours: 168,
    });
    expect(decided.status).toBe(200);
    expect(decided.body).toMatchObject({ reportId, action: 'ban' });

    const { rows } = await stack.db.pool.query(`select type, data, metadata from events where stream_id = $1 and type = 'UserBanned'`, [
      `user-${users.troll.uid}`,
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0].data).toMatchObject({ reason: 'Spam links', bannedBy: users.admin.uid });
    expect(Date.parse(rows[0].data.until) - Date.now()).toBeGreaterThan(167 * 3600_000);

    const me = await stack.api('/user/me', { token: users.troll.token });
    expect(me.status).toBe(403);
    expect(me.body.error).toEqual({ code: 'UID_BANNED', message: texts.banned });
    const refresh = await stack.api('/auth/refresh', {
      method: 'POST',
      headers: { cookie: `murmur_refresh=${users.troll.refreshCookie}` },
    });
    expect(refresh.body.error?.message).toBe(texts.banned);
    const code = await stack.emailCode('troll-mod@example.com');
    const signIn = await stack.api('/auth/login', {
      method: 'POST',
      body: { credentials: { type: 'email', email: 'troll-mod@example.com', code } },
    });
    expect(signIn.status).toBe(403);
    expect(signIn.body.error.message).toBe(texts.banned);

    // The author is out of the lobby at once, as an event everyone in it receives (not after the
    // presence reaper's grace); the answer's position covers it.
    const left = await stack.db.pool.query(`select data from events where stream_id = $1 and type = 'LobbyLeft'`, [`lobby-${lobbyId}`]);
    expect(left.rows.map((r) => r.data)).toEqual([expect.objectContaining({ uid: users.troll.uid, reason: 'banned' })]);
    const lobby = await read(users.amy.token, `/lobbies/${lobbyId}`, decided.body.position);
    expect(JSON.stringify(lobby.body)).not.toContain(users.troll.uid);
    expect(JSON.stringify(lobby.body)).toContain(users.amy.uid);

    const notes = await read(users.amy.token, '/notifications', decided.body.position);
    expect(notes.body.items[0]).toMatchObject({ kind: 'report_decided', facts: { action: 'ban', reportKind: 'message' } });
    const decidedList = await read(adminToken, '/console/reports?status=decided', decided.body.position);
    expect(decidedList.body.items[0]).toMatchObject({
      reportId,
      decision: { action: 'ban', reason: 'Spam links', decidedBy: { uid: users.admin.uid } },
    });
  });

  it('refuses deciding the same report twice, writing nothing', async () => {
    const before = await headPosition(stack.db.pool);
    const again = await call(adminToken, 'POST', `/console/reports/${reportId}/decide`, { action: 'dismiss' });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(moderationTexts.reportAlreadyDecided);
    expect(await appendedSince(stack.db.pool, before, { streams: [streamIds.report(reportId)], actors: [users.admin.uid] })).toEqual([]);
  });

  it('lists the actions in the audit trail by subject and by operator', async () => {
    const head = (await headPosition(stack.db.pool)).toString();
    const bySubject = await read(adminToken, `/console/audit?subject=${encodeURIComponent(`user:${users.troll.uid}`)}`, head);
    expect(bySubject.body.items.map((a: { action: string }) => a.action).sort()).toEqual(['report.ban', 'user.ban.until']);
    const byOperator = await read(adminToken, `/console/audit?operator=${users.admin.uid}`, head);
    expect(byOperator.body.items.map((a: { eventType: string; streamId: string }) => `${a.eventType}@${a.streamId}`).sort()).toEqual([
      `ReportDecided@report-${reportId}`,
      `UserBanned@user-${users.troll.uid}`,
    ]);
    const user = await read(adminToken, `/console/users/${users.troll.uid}`, head);
    expect(user.body).toMatchObject({ banned: true, bans: [{ action: 'banned', reason: 'Spam links', by: users.admin.uid }] });
  });

  it('silences and removes from reports: the chat refuses the silenced, the removed message leaves the history', async () => {
    // Another troll message, reported by the owner this time; the first ban ended the first troll.
    const second = await stack.signInWithEmail('troll2-mod@example.com');
    const troll2 = { uid: second.body.uid as string, token: second.body.token as string };
    expect((await call(troll2.token, 'POST', `/lobbies/${lobbyId}/join`)).status).toBeLessThan(300);
    const posted = await call(troll2.token, 'POST', `/lobbies/${lobbyId}/chat`, { payload: { body: 'rude words' } });
    await read(users.owner.token, `/lobbies/${lobbyId}/chat`, posted.body.position);
    const fileOn = async () =>
      (
        await call(users.owner.token, 'POST', '/reports', {
          target: { kind: 'message', lobbyId, messageId: posted.body.messageId },
          reason: 'Harassment or hate',
        })
      ).body.reportId as string;
    const [silenceReport, removeReport] = [await fileOn(), await fileOn()];
    const silenced = await call(adminToken, 'POST', `/console/reports/${silenceReport}/decide`, {
      action: 'silence',
      reason: 'Be kind',
      durationHours: 1,
    });
    expect(silenced.status).toBe(200);
    const refused = await call(troll2.token, 'POST', `/lobbies/${lobbyId}/chat`, { payload: { body: 'again' } });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(moderationTexts.silenced);
    const removed = await call(adminToken, 'POST', `/console/reports/${removeReport}/decide`, { action: 'remove', reason: 'Harassment' });
    expect(removed.status).toBe(200);
    const history = await read(users.owner.token, `/lobbies/${lobbyId}/chat`, removed.body.position);
    expect(JSON.stringify(history.body)).not.toContain('rude words');
    const warned = await read(troll2.token, '/notifications', removed.body.position);
    expect(warned.body.items.map((n: { kind: string; facts: { action: string } }) => `${n.kind}:${n.facts.action}`)).toEqual(
      expect.arrayContaining(['operator_warning:silence', 'operator_warning:remove']),
    );
  });

  it('ends a lobby and removes a member with the reason; signs a user out everywhere', async () => {
    const fresh = await call(users.owner.token, 'POST', '/lobbies', {
      title: 'To be ended',
      mainCategoryId: 'chatting',
      languages: ['ENG'],
    });
    const id = fresh.body.lobbyId as string;
    expect((await call(users.amy.token, 'POST', `/lobbies/${id}/join`)).status).toBeLessThan(300);
    const removed = await call(adminToken, 'POST', `/console/lobbies/${id}/remove`, { uid: users.amy.uid, reason: 'Off-topic' });
    expect(removed.status).toBe(200);
    const ended = await call(adminToken, 'POST', `/console/lobbies/${id}/terminate`, { reason: 'Breaks the rules' });
    expect(ended.status).toBe(200);
    const { rows } = await stack.db.pool.query(
      `select type, data from events where stream_id = $1 and type in ('LobbyUserKicked', 'LobbyEnded') order by global_position`,
      [`lobby-${id}`],
    );
    expect(rows.map((r) => r.data)).toMatchObject([
      { uid: users.amy.uid, note: 'Off-topic' },
      { reason: 'terminated', note: 'Breaks the rules' },
    ]);
    const detail = await read(users.owner.token, `/lobbies/${id}`, ended.body.position);
    expect(detail.body.status).toBe('terminated');

    const out = await call(adminToken, 'POST', `/console/users/${users.amy.uid}/sign-out`, { reason: 'Account check' });
    expect(out.status).toBe(200);
    expect((await stack.api('/user/me', { token: users.amy.token })).status).toBe(401);
  });

  it('leaves every earlier event as it was; the store refuses any edit', async () => {
    const { rows: before } = await stack.db.pool.query(
      `select global_position, stream_id, type, data, metadata from events order by global_position`,
    );
    const more = await call(adminToken, 'POST', `/admin/users/${users.owner.uid}/roles`, { role: 'h' });
    expect(more.status).toBe(200);
    const { rows: after } = await stack.db.pool.query(
      `select global_position, stream_id, type, data, metadata from events where global_position <= $1 order by global_position`,
      [before.at(-1).global_position],
    );
    expect(after).toEqual(before);
    await expect(stack.db.pool.query(`update events set data = '{}' where stream_id = $1`, [`user-${users.troll.uid}`])).rejects.toThrow();
    await expect(stack.db.pool.query(`delete from events where stream_id = $1`, [`user-${users.troll.uid}`])).rejects.toThrow();
  });
});
