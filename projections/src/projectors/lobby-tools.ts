// The lobby's interactive tools as a page shows them after a reload: dice and lucky-number results
// (rm.lobby_tool_results) and polls with their votes (rm.lobby_polls), from the tool events on
// `lobby-{id}`. A poll still open when its lobby ends is closed with it.
import { defineProjector, ident, type ProjectedEvent } from '../projector.ts';

const handles = ['LobbyDiceRolled', 'LobbyLuckyNumberDrawn', 'LobbyPollOpened', 'LobbyPollVoted', 'LobbyPollClosed', 'LobbyEnded'] as const;

export const lobbyToolsProjector = defineProjector({
  name: 'lobby-tools',
  tables: ['lobby_tool_results', 'lobby_polls'],
  handles: [...handles],
  async createTables(client, schema) {
    const s = ident(schema);
    await client.query(`
      create table if not exists ${s}.lobby_tool_results (
        position bigint primary key,
        lobby_id text not null,
        kind text not null,
        uid text not null,
        result jsonb not null,
        at timestamptz not null
      );
      create index if not exists lobby_tool_results_lobby on ${s}.lobby_tool_results (lobby_id, position desc);
      create table if not exists ${s}.lobby_polls (
        poll_id text primary key,
        lobby_id text not null,
        opened_by text not null,
        question text not null,
        options jsonb not null,
        votes jsonb not null default '{}',
        opened_position bigint not null,
        opened_at timestamptz not null,
        closed_at timestamptz
      );
      create index if not exists lobby_polls_lobby on ${s}.lobby_polls (lobby_id, opened_position desc);
    `);
  },
  async apply(events, { client, schema }) {
    for (const e of events) await applyOne(client, ident(schema), e);
  },
});

async function applyOne(
  client: { query(text: string, values?: unknown[]): Promise<unknown> },
  s: string,
  e: ProjectedEvent<(typeof handles)[number]>,
): Promise<void> {
  switch (e.type) {
    case 'LobbyDiceRolled':
    case 'LobbyLuckyNumberDrawn': {
      const d = e.data;
      const [kind, result] = e.type === 'LobbyDiceRolled' ? ['dice', { dice: e.data.dice }] : ['lucky_number', { number: e.data.number }];
      await client.query(
        `insert into ${s}.lobby_tool_results (position, lobby_id, kind, uid, result, at) values ($1, $2, $3, $4, $5, $6) on conflict do nothing`,
        [e.globalPosition.toString(), d.lobbyId, kind, d.uid, JSON.stringify(result), d.at],
      );
      return;
    }
    case 'LobbyPollOpened': {
      const d = e.data;
      await client.query(
        `insert into ${s}.lobby_polls (poll_id, lobby_id, opened_by, question, options, opened_position, opened_at) values ($1, $2, $3, $4, $5, $6, $7) on conflict do nothing`,
        [d.pollId, d.lobbyId, d.uid, d.question, JSON.stringify(d.options), e.globalPosition.toString(), d.at],
      );
      return;
    }
    case 'LobbyPollVoted':
      // One vote per member is decided on the lobby stream; a replayed event sets the same value.
      await client.query(`update ${s}.lobby_polls set votes = votes || jsonb_build_object($2::text, $3::int) where poll_id = $1`, [
        e.data.pollId,
        e.data.uid,
        e.data.option,
      ]);
      return;
    case 'LobbyPollClosed':
      await client.query(`update ${s}.lobby_polls set closed_at = coalesce(closed_at, $2) where poll_id = $1`, [e.data.pollId, e.data.at]);
      return;
    case 'LobbyEnded':
      await client.query(`update ${s}.lobby_polls set closed_at = $2 where lobby_id = $1 and closed_at is null`, [
        e.data.lobbyId,
        e.data.endedAt,
      ]);
      return;
    default: {
      const _exhaustive: never = e;
      return;
    }
  }
}
