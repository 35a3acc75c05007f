// Read models are read only through the named queries in this folder: the tables' SQL lives next to
// the projector that owns them (docs/decisions/architecture.md). This scans the services' source for
// SQL naming an `rm.` table and names each place found as file:line.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { literalsOf, repositoryRoot as root, sourceFiles } from '../../../test-support/sql-literals.ts';

const services = ['command-api/src', 'query-api/src', 'realtime-gateway/src'];

const readModelTable = /\brm\.[a-z_][a-z0-9_]*/i;
const sqlVerb = /\b(select|insert|update|delete|from|join|truncate|alter|drop)\b/i;

/** The lines of `file` where a string or template literal holds SQL that names an `rm.` table. */
function rawReadModelSql(file: string): string[] {
  return literalsOf(file, readModelTable)
    .filter(({ text }) => readModelTable.test(text) && sqlVerb.test(text))
    .map(({ line }) => `${file}:${line}`);
}

describe('read-model SQL', { timeout: 20_000 }, () => {
  it('appears in no service outside the query modules (file:line of each)', () => {
    const offenders = services.flatMap(sourceFiles).flatMap(rawReadModelSql);
    expect(offenders).toEqual([]);
  });

  it('query modules import only pg, contracts and each other (the gateway imports them)', () => {
    const imports = sourceFiles('projections/src/queries').flatMap((file) =>
      ts
        .createSourceFile(file, readFileSync(path.join(root, file), 'utf8'), ts.ScriptTarget.Latest)
        .statements.filter((s) => ts.isImportDeclaration(s) || ts.isExportDeclaration(s))
        .flatMap((s) => (s.moduleSpecifier && ts.isStringLiteral(s.moduleSpecifier) ? [`${file}: ${s.moduleSpecifier.text}`] : [])),
    );
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.filter((i) => !/: (pg|@murmur\/contracts|\.\/[\w-]+\.ts)$/.test(i))).toEqual([]);
  });

  it('is found where it belongs: the query modules', () => {
    // The detector itself: if it stopped seeing SQL, the first test would pass for nothing.
    expect(rawReadModelSql('projections/src/queries/users.ts').length).toBeGreaterThan(0);
    expect(rawReadModelSql('projections/src/queries/lobbies.ts').length).toBeGreaterThan(0);
  });
});
