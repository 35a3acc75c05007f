// Read models are read only through the named queries in this folder: the tables' SQL lives next to
// the projector that owns them (docs/decisions/architecture.md). This scans the services' source for
// SQL naming an `rm.` table and names each place found as file:line.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const services = ['command-api/src', 'query-api/src', 'realtime-gateway/src'];

const readModelTable = /\brm\.[a-z_][a-z0-9_]*/i;
const sqlVerb = /\b(select|insert|update|delete|from|join|truncate|alter|drop)\b/i;

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.spec\.tsx?$/.test(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

/** The lines of `file` where a string or template literal holds SQL that names an `rm.` table. */
function rawReadModelSql(file: string): string[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  // Parsing only files that name an rm. table at all keeps the scan to a fraction of a second.
  if (!readModelTable.test(text)) return [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    let literal: string | null = null;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) literal = node.text;
    else if (ts.isTemplateExpression(node)) literal = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ');
    if (literal !== null && readModelTable.test(literal) && sqlVerb.test(literal)) {
      found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
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
