// The compile-time test of the API catalogue: renaming a field of a catalogued route's body schema, or
// (separately) of its answer schema, in `contracts` breaks the build of the handler that serves the
// route (registered with `defineRoute`, which types its body and its return from the catalogue) and of
// the web app's call (the generated client types its body and answer from the catalogue too).
// Runs the TypeScript checker on the consumers (and what they import) with the schema file's text
// replaced in memory (nothing is written to disk), so a cast or an untyped read on that path fails the
// test. That the unchanged repository compiles is `npm run typecheck`'s job, not repeated here.
// docs/decisions/api-contracts.md ("Routes are registered from the catalogue").
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

/** One rename: a field of a schema declared as `export const <schema> = z...object({` in `schemaFile`,
 * and the files that must stop compiling (by role: the server's handler, later the web app's call). */
interface Rename {
  route: string;
  schemaFile: string;
  schema: string;
  from: string;
  to: string;
  consumers: Record<string, string>;
}

const hostDecision = {
  route: 'POST /admin/host-applications/{uid}/decide',
  schemaFile: 'contracts/src/host-applications.ts',
  consumers: {
    'server handler': 'command-api/src/host-applications/routes.ts',
    // The admin's review card sends the body through the generated client and reads the answer's status.
    'web app call': 'frontend/src/hosting/HostApplicationReview.tsx',
  },
};
const renames: Record<'body' | 'answer', Rename> = {
  body: { ...hostDecision, schema: 'HostApplicationDecisionBody', from: 'applicationId', to: 'applicationRef' },
  answer: { ...hostDecision, schema: 'HostApplicationAnswer', from: 'status', to: 'state' },
};

/** The repository's compiler options, and its ambient declarations (Vite's, CSS modules'). */
function projectConfig(): { options: ts.CompilerOptions; declarations: string[] } {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    path.join(root, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error('tsconfig.json could not be read');
  return { options: parsed.options, declarations: parsed.fileNames.filter((f) => f.endsWith('.d.ts')) };
}

/** The schema file's text with the rename's field renamed inside the schema's declaration. */
function renamedText(rename: Rename): string {
  const text = ts.sys.readFile(path.join(root, rename.schemaFile)) ?? '';
  const start = text.search(new RegExp(`export const ${rename.schema} = z\\s*\\.object\\(\\{`));
  expect(start, `${rename.schema} is declared in ${rename.schemaFile}`).toBeGreaterThan(-1);
  const field = text.indexOf(` ${rename.from}: `, start);
  const end = text.indexOf('})', start);
  expect(field, `${rename.schema} has a field ${rename.from}`).toBeGreaterThan(start);
  expect(field, `${rename.from} is a field of ${rename.schema} itself`).toBeLessThan(end);
  return `${text.slice(0, field)} ${rename.to}: ${text.slice(field + rename.from.length + 3)}`;
}

/** Type errors of the consumers' program, per file (relative to the root), with the rename applied. */
function typeErrors(rename: Rename, config = projectConfig()): Map<string, string[]> {
  const { options, declarations } = config;
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  const schemaPath = path.join(root, rename.schemaFile);
  const schemaText = renamedText(rename);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) =>
    path.resolve(fileName) === schemaPath
      ? ts.createSourceFile(fileName, schemaText, languageVersion, true)
      : getSourceFile(fileName, languageVersion, onError, shouldCreate);
  const rootNames = [...Object.values(rename.consumers).map((f) => path.join(root, f)), ...declarations];
  const program = ts.createProgram({ rootNames, options, host });
  const errors = new Map<string, string[]>();
  for (const d of ts.getPreEmitDiagnostics(program)) {
    const file = d.file ? path.relative(root, d.file.fileName) : '(global)';
    errors.set(file, [...(errors.get(file) ?? []), ts.flattenDiagnosticMessageText(d.messageText, '\n')]);
  }
  return errors;
}

describe('the API catalogue reaches every route at compile time', () => {
  it.each(Object.entries(renames))(
    'renaming a field of a route’s %s schema breaks what serves and calls it',
    (_, rename) => {
      const errors = typeErrors(rename);
      for (const [role, file] of Object.entries(rename.consumers)) {
        expect([...errors.keys()], `the ${role} of ${rename.route} (${file}) no longer compiles`).toContain(file);
        expect(errors.get(file)!.join('\n'), role).toMatch(new RegExp(`\\b(${rename.from}|${rename.to})\\b`));
      }
    },
    600_000,
  ); // the checker's run over the consumers' imports; the unit tier runs it beside everything else
});
