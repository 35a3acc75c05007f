// The string and template literals of the repository's TypeScript source, with their lines: what
// the tests that police SQL written in the code (where read-model SQL lives, how queries order)
// scan.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The non-test TypeScript files under `dir` (relative to the repository), as repository paths. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(repositoryRoot, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.spec\.tsx?$/.test(e.name) && !e.parentPath.includes('node_modules'))
    .map((e) => path.relative(repositoryRoot, path.join(e.parentPath, e.name)));
}

/** Each literal of `file` (a template's parts joined by spaces) with its line; none when the file's
 * text fails `worthParsing`, which keeps a scan of the whole repository to a fraction of a second. */
export function literalsOf(file: string, worthParsing: RegExp): Array<{ text: string; line: number }> {
  const text = readFileSync(path.join(repositoryRoot, file), 'utf8');
  if (!worthParsing.test(text)) return [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Array<{ text: string; line: number }> = [];
  const visit = (node: ts.Node): void => {
    let literal: string | null = null;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) literal = node.text;
    else if (ts.isTemplateExpression(node)) literal = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ');
    if (literal !== null) found.push({ text: literal, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
