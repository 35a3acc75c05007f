// Chromium for the browser tests: Debian's package (installed on first use), driven by
// playwright-core (never `npx playwright install`; MACHINE-NOTES).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

const EMOJI_FONT = '/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf';

/** Installs Chromium, and the colour emoji font the app's emoji need in screenshots. The e2e run
 * does it once before any file (test-support/chromium-setup.ts); a file run on its own does it here.
 * Another install running (another run's) is waited for, not failed on: apt's lock timeout. */
export function ensureChromium(): void {
  const missing = [existsSync(CHROMIUM_PATH) ? null : 'chromium', existsSync(EMOJI_FONT) ? null : 'fonts-noto-color-emoji'].filter(
    (p): p is string => p !== null,
  );
  if (missing.length === 0) return;
  execFileSync('apt-get', ['-o', 'DPkg::Lock::Timeout=600', 'install', '-y', ...missing], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

/** Fake microphone and camera, no permission prompts, and the entire screen for getDisplayMedia. */
export const FAKE_MEDIA_ARGS = [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--auto-select-desktop-capture-source=Entire screen',
];

export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  ensureChromium();
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
  // Every page asks for reduced motion (a test may still ask for motion): Chromium draws in software
  // here, and the app's looping decorations cost a third of a core per open page (docs/BENCHMARKS.md).
  // A server error any page meets is printed, so a failure caused by one names the call.
  const newContext = browser.newContext.bind(browser);
  const withDefaults = async (options: BrowserContextOptions = {}): Promise<BrowserContext> => {
    const context = await newContext({ reducedMotion: 'reduce', ...options });
    context.on('response', (response) => {
      if (response.status() >= 500) console.error(`browser got ${response.status()} for ${response.request().method()} ${response.url()}`);
    });
    return context;
  };
  browser.newContext = withDefaults;
  browser.newPage = async (options = {}) => {
    const context = await withDefaults(options);
    const page = await context.newPage();
    // As Playwright's own newPage: closing the page closes the context made for it.
    page.on('close', () => void context.close().catch(() => undefined));
    return page;
  };
  return browser;
}
