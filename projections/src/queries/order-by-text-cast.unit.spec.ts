// PostgreSQL resolves a bare name in ORDER BY to an output column first: `select position::text ...
// order by position` sorts the text, so "9" comes before "12" (chat pages held old messages, a
// ledger digest signed version 9 of a 12-event stream as its head). The order must name the table's
// column (`order by lobby_chat.position`). This scans the SQL literals of the services and the
// projections and names each query that orders by a column it casts in its select list.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dirs = ['eventstore/src', 'projections/src', 'command-api/src', 'query-api/src', 'realtime-gateway/src', 'scripts'];

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.ts$/.test(e.name) && !/\.spec\.ts$/.test(e.name) && !e.parentPath.includes('node_modules'))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

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
  const text = readFileSync(path.join(root, file), 'utf8');
  if (!/order by/i.test(text)) return [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    let literal: string | null = null;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) literal = node.text;
    else if (ts.isTemplateExpression(node)) literal = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ');
    if (literal !== null) {
      for (const column of orderedByCastColumn(literal))
        found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} orders by ${column}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
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
