// The web app's production bundle: gzip size of the JavaScript the first route (home) loads before
// any lobby code, against the whole build's JavaScript as the baseline; target at most 250 KB.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { report } from './support.ts';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const frontend = path.join(root, 'frontend');
const outDir = path.join(root, '.tmp', 'bench-bundle');

/** The chunk files a manifest entry needs at once: itself and its static imports, transitively. */
function closure(manifest: Record<string, ManifestChunk>, keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    closure(manifest, manifest[key]?.imports ?? [], seen);
  }
  return seen;
}

const gzipKb = (files: Iterable<string>) => {
  let bytes = 0;
  for (const f of files) bytes += gzipSync(readFileSync(path.join(outDir, f)), { level: 9 }).length;
  return bytes / 1024;
};

export default async function bundleBench(): Promise<void> {
  const { build } = await import('vite');
  const started = performance.now();
  await build({
    configFile: path.join(frontend, 'vite.config.ts'),
    root: frontend,
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, manifest: true },
  });
  const buildSeconds = (performance.now() - started) / 1000;
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  const home = Object.keys(manifest).find((k) => k.endsWith('pages/Home/HomePage.tsx'))!;
  const lobby = Object.keys(manifest).find((k) => k.endsWith('pages/Lobby/LobbyPage.tsx'))!;
  const js = (keys: Set<string>) => [...keys].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));

  const initialKeys = closure(manifest, [entry, home]);
  const initial = gzipKb(js(initialKeys));
  const lobbyKeys = closure(manifest, [lobby]);
  const lobbyExtra = gzipKb(js(new Set([...lobbyKeys].filter((k) => !initialKeys.has(k)))));
  const allJs = gzipKb(
    new Set(
      Object.values(manifest)
        .map((c) => c.file)
        .filter((f) => f.endsWith('.js')),
    ),
  );
  const agoraKey = Object.keys(manifest).find((k) => k.includes('agora-rtc-sdk-ng'));
  const agora = agoraKey ? gzipKb(js(new Set([agoraKey]))) : 0;

  report({
    bench: 'bundle',
    case: 'initial route JS (home, gzip)',
    value: initial,
    unit: 'KB',
    baseline: allJs,
    target: '<= 250 KB',
    extra: { 'build s': buildSeconds },
  });
  report({ bench: 'bundle', case: 'lobby page extra JS (gzip, before voice)', value: lobbyExtra, unit: 'KB', baseline: allJs });
  report({ bench: 'bundle', case: 'voice SDK chunk (lazy, gzip)', value: agora, unit: 'KB', baseline: allJs });
}
