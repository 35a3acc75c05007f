// The compile-time test of event schemas: renaming a field of an event schema in `contracts` breaks the
// build of the decider that writes the event, the projector that reads it and the page that shows
// it. Runs the TypeScript checker on those files (and what they import: about a third of the
// repository, ~14 s of CPU against ~40 s for the whole) with `GiftSentData.giftName` renamed in
// memory (nothing is written to disk), so a cast or an untyped read on that path fails the test.
// A GiftSent appended straight to the store (as seeds, scripts and tests do) must break too: the
// store's `append` takes each registered event with its own type's data.
// That the unchanged repository compiles is `npm run typecheck`'s job, not repeated here.
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const schemaFile = path.join(root, 'contracts/src/wallet.ts');
/** Where GiftSent is written, projected and shown. */
const consumers = {
  decider: path.join(root, 'command-api/src/wallet/decide.ts'),
  projector: path.join(root, 'projections/src/projectors/wallet-history.ts'),
  // The lobby page's live-event hook turns a GiftSent into its chat line and animation.
  page: path.join(root, 'frontend/src/pages/Lobby/useLobbyEvents.ts'),
};
/** Where the gateway routes GiftSent to its channels (it reads the sender, not the gift's name). */
const gateway = path.join(root, 'realtime-gateway/src/channels.ts');
/** A direct `append` of a GiftSent, as a seed, a script or a test writes one outside any decider:
 * the store's typed `append` must refuse it at compile time when a field of the data is renamed.
 * Held in memory only (never on disk), beside the other sources. */
const appendProbe = path.join(root, 'scripts/append-probe.virtual.ts');
const appendProbeText = `import type { EventStore } from '@murmur/eventstore';
export async function appendGift(store: EventStore): Promise<void> {
  await store.append('wallet-probe', [{
    type: 'GiftSent',
    data: { senderUid: 'probe', giftId: 'rose', giftName: 'Rose', quantity: 1, unitPrice: 10, diamondsTotal: 10, recipients: ['other'], charmPerRecipient: 5, sentAt: '2026-01-01T00:00:00.000Z' },
  }]);
}
`;

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

/** The schema file's text with one field of GiftSentData renamed. */
function withRenamedField(from: string, to: string, text = ts.sys.readFile(schemaFile) ?? ''): string {
  const start = text.indexOf('export const GiftSentData = z.object({');
  const field = text.indexOf(`  ${from}: `, start);
  expect(start, 'GiftSentData is declared in contracts/src/wallet.ts').toBeGreaterThan(-1);
  expect(field, `GiftSentData has a field ${from}`).toBeGreaterThan(start);
  return `${text.slice(0, field)}  ${to}: ${text.slice(field + from.length + 4)}`;
}

/** Type errors of the consumers' program, per file, with the schema file's text replaced. */
function typeErrors(schemaText: string, config = projectConfig()): Map<string, string[]> {
  const { options, declarations } = config;
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const inMemory = new Map([
    [schemaFile, schemaText],
    [appendProbe, appendProbeText],
  ]);
  host.fileExists = (fileName) => inMemory.has(path.resolve(fileName)) || fileExists(fileName);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const text = inMemory.get(path.resolve(fileName));
    return text !== undefined
      ? ts.createSourceFile(fileName, text, languageVersion, true)
      : getSourceFile(fileName, languageVersion, onError, shouldCreate);
  };
  const checked = [...Object.values(consumers), gateway, appendProbe];
  const program = ts.createProgram({ rootNames: [...checked, ...declarations], options, host });
  // Only the files the test asks about are checked (the checker resolves what they use from their
  // imports, lazily): checking every file of the program took several times as long and is the
  // typecheck's job.
  const errors = new Map<string, string[]>();
  for (const file of checked) {
    const source = program.getSourceFile(file);
    if (!source) throw new Error(`${file} is not in the program`);
    const diagnostics = [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
    if (diagnostics.length > 0)
      errors.set(
        path.relative(root, file),
        diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')),
      );
  }
  return errors;
}

describe('event schemas reach every consumer at compile time', () => {
  it("renaming GiftSentData.giftName breaks its decider, projector and page, senderUid the gateway's routing, and either a direct append", () => {
    // Both renames in one program: the checker's run is the cost of this test.
    const errors = typeErrors(withRenamedField('senderUid', 'fromUid', withRenamedField('giftName', 'giftTitle')));
    const files = [...errors.keys()];
    for (const [role, file] of Object.entries(consumers)) {
      expect(files, `the ${role} (${path.relative(root, file)}) no longer compiles`).toContain(path.relative(root, file));
      // The checker may name either rename first (an object literal reports one unknown field).
      expect(errors.get(path.relative(root, file))!.join('\n'), role).toMatch(/giftName|giftTitle|senderUid|fromUid/);
    }
    expect(files, 'the gateway (realtime-gateway/src/channels.ts) no longer compiles').toContain(path.relative(root, gateway));
    expect(errors.get(path.relative(root, gateway))!.join('\n'), 'gateway').toMatch(/senderUid|fromUid/);
    // The store's typed append ties the data to its type: the probe's GiftSent no longer fits.
    expect(files, 'a direct append of a GiftSent no longer compiles').toContain(path.relative(root, appendProbe));
    expect(errors.get(path.relative(root, appendProbe))!.join('\n'), 'direct append').toMatch(/giftName|giftTitle|senderUid|fromUid/);
  }, 600_000); // ~14 s of CPU alone; the unit tier runs it beside everything else on two cores
});
