// PostgreSQL resolves a bare name in ORDER BY to an output column first: `select position::text ...
// order by position` sorts the text, so "9" comes before "12" (chat pages held old messages, a
// ledger digest signed version 9 of a 12-event stream as its head). The order must name the table's
// column (`order by lobby_chat.position`). This scans the SQL literals of the services and the
// projections and names each query that orders by a column it casts in its select list.
import { describe, expect, it } from 'vitest';
import { literalsOf, sourceFiles } from '../../../test-support/sql-literals.ts';

const dirs = ['eventstore/src', 'projections/src', 'command-api/src', 'query-api/src', 'realtime-gateway/src', 'scripts'];

/** The columns a query orders by unqualified that its select list casts without a new name. */
function orderedByCastColumn(sql: string): string[] {
  const select = /\bselect\b([\s\S]*?)\bfrom\b/i.exec(sql)?.[1];
  const order = /\border by\b([\s\S]*?)(?:\blimit\b|\boffset\b|\)|$)/i.exec(sql)?.[1];
  if (!select || !order) return [];
  const casts = new Set(
    select
      .split(',')
      .map((item) => /^\s*(?:\w+\.)?(\w+)::\w+(?:\[\])?\s*$/.exec(item)?.[1])
      .filter((c): c is string => !!c),
  );
  return [...order.matchAll(/(?<![\w.$])([a-z_]\w*)/gi)].map((m) => m[1]!).filter((name) => casts.has(name));
}

function offenders(file: string): string[] {
  return literalsOf(file, /order by/i).flatMap(({ text, line }) =>
    orderedByCastColumn(text).map((column) => `${file}:${line} orders by ${column}`),
  );
}

describe('ORDER BY of a column the select list casts', { timeout: 20_000 }, () => {
  it('names the table column, in every query (file:line of each)', () => {
    expect(dirs.flatMap(sourceFiles).flatMap(offenders)).toEqual([]);
  });

  it('is found by the detector, and a qualified or renamed column is not', () => {
    expect(
      orderedByCastColumn('select position::text, body from rm.lobby_chat where lobby_id = $1 order by position desc limit 5'),
    ).toEqual(['position']);
    expect(orderedByCastColumn('select uid, amount::text from rm.boards order by amount desc, uid limit 50')).toEqual(['amount']);
    expect(orderedByCastColumn('select position::text from rm.lobby_chat order by lobby_chat.position desc')).toEqual([]);
    expect(orderedByCastColumn('select id::text as n from t order by id desc')).toEqual([]);
  });
});
