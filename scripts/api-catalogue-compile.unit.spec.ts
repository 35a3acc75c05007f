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

/** The schema file's text with each rename's field renamed inside its schema's declaration. */
function renamedText(schemaFile: string, all: Rename[]): string {
  let text = ts.sys.readFile(path.join(root, schemaFile)) ?? '';
  for (const rename of all) {
    const start = text.search(new RegExp(`export const ${rename.schema} = z\\s*\\.object\\(\\{`));
    expect(start, `${rename.schema} is declared in ${schemaFile}`).toBeGreaterThan(-1);
    const field = text.indexOf(` ${rename.from}: `, start);
    const end = text.indexOf('})', start);
    expect(field, `${rename.schema} has a field ${rename.from}`).toBeGreaterThan(start);
    expect(field, `${rename.from} is a field of ${rename.schema} itself`).toBeLessThan(end);
    text = `${text.slice(0, field)} ${rename.to}: ${text.slice(field + rename.from.length + 3)}`;
  }
  return text;
}

/** Type errors of the consumers, per file (relative to the root), with the renames applied (one
 * schema file). Both renames go into one program: the checker's run over the catalogue's types is
 * this test's whole cost, and each rename's errors name its own field. */
function typeErrors(all: Rename[], config = projectConfig()): Map<string, string[]> {
  const { options, declarations } = config;
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  const schemaFile = all[0]!.schemaFile;
  expect(all.every((r) => r.schemaFile === schemaFile)).toBe(true);
  const schemaPath = path.join(root, schemaFile);
  const schemaText = renamedText(schemaFile, all);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) =>
    path.resolve(fileName) === schemaPath
      ? ts.createSourceFile(fileName, schemaText, languageVersion, true)
      : getSourceFile(fileName, languageVersion, onError, shouldCreate);
  const consumers = [...new Set(all.flatMap((r) => Object.values(r.consumers)))];
  const rootNames = [...consumers.map((f) => path.join(root, f)), ...declarations];
  const program = ts.createProgram({ rootNames, options, host });
  // Only the consumers are checked (the checker resolves what they use from their imports, lazily):
  // checking every file of the program took several times as long and is the typecheck's job.
  const errors = new Map<string, string[]>();
  for (const consumer of consumers) {
    const source = program.getSourceFile(path.join(root, consumer));
    if (!source) throw new Error(`${consumer} is not in the program`);
    const diagnostics = [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
    if (diagnostics.length > 0)
      errors.set(
        consumer,
        diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')),
      );
  }
  return errors;
}

let renamedErrors: Map<string, string[]> | undefined;

describe('the API catalogue reaches every route at compile time', () => {
  it.each(Object.entries(renames))(
    'renaming a field of a route’s %s schema breaks what serves and calls it',
    (_, rename) => {
      renamedErrors ??= typeErrors(Object.values(renames));
      const errors = renamedErrors;
      for (const [role, file] of Object.entries(rename.consumers)) {
        expect([...errors.keys()], `the ${role} of ${rename.route} (${file}) no longer compiles`).toContain(file);
        // The new name: in one program with both renames, the other rename's errors may print the old
        // names of this one (as fields of the same types), never its new name.
        expect(errors.get(file)!.join('\n'), role).toMatch(new RegExp(`\\b${rename.to}\\b`));
      }
    },
    600_000,
  ); // the checker's run over the consumers' imports; the unit tier runs it beside everything else
});
