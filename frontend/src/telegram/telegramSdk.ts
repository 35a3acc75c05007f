// The one door to Telegram's Mini Apps SDK (@tma.js/sdk, bundled with the app: no script is loaded
// from Telegram at run time). Launch parameters and initData, theme, viewport, back button,
// haptics and sharing. Every call tolerates a browser that is not Telegram.
import {
  backButton,
  hapticFeedback,
  init,
  isTMA,
  miniApp,
  retrieveLaunchParams,
  retrieveRawInitData,
  shareURL,
  themeParams,
  viewport,
} from '@tma.js/sdk';

/** The raw initData Telegram launched us with (kept by the SDK for the tab's session), or null. */
export function telegramInitData(): string | null {
  try {
    if (!isTMA()) return null;
    return retrieveRawInitData() ?? null;
  } catch {
    return null;
  }
}

/** The Telegram client's platform ('ios', 'android', 'tdesktop', 'weba'...), or null outside Telegram. */
export function telegramPlatform(): string | null {
  try {
    return isTMA() ? retrieveLaunchParams().tgWebAppPlatform : null;
  } catch {
    return null;
  }
}

const attempt = (fn: () => unknown) => {
  try {
    fn();
  } catch {
    /* not available in this client or outside Telegram */
  }
};

let started = false;

/** Starts the SDK once: Telegram's theme becomes the app's palette, the viewport is expanded and
 * followed, the back button is ready. Returns whether we run inside Telegram. */
export function startTelegram(): boolean {
  if (started) return true;
  if (!telegramInitData()) return false;
  started = true;
  attempt(() => init());
  attempt(() => themeParams.mount.ifAvailable());
  attempt(() => miniApp.mount.ifAvailable());
  attempt(() => backButton.mount.ifAvailable());
  attempt(() => {
    const mounting = viewport.mount.ifAvailable({ timeout: 2000 });
    const promise = mounting.ok ? mounting.data : null;
    void promise?.then(
      () => attempt(() => viewport.bindCssVars.ifAvailable()),
      () => undefined,
    );
  });
  attempt(() => viewport.expand.ifAvailable());
  applyTheme();
  attempt(() => themeParams.state.sub(applyTheme));
  attempt(() => miniApp.ready.ifAvailable());
  return true;
}

/** Telegram's palette on our theme variables (the app's own colours stay where Telegram sends none). */
function applyTheme(): void {
  const root = document.documentElement;
  const set = (name: string, value: string | undefined) => {
    if (value) root.style.setProperty(name, value);
  };
  attempt(() => {
    set('--bg', themeParams.bgColor());
    set('--surface', themeParams.secondaryBgColor() ?? themeParams.sectionBgColor());
    set('--surface-2', themeParams.sectionBgColor() ?? themeParams.secondaryBgColor());
    set('--text', themeParams.textColor());
    set('--text-dim', themeParams.hintColor());
    set('--text-faint', themeParams.subtitleTextColor() ?? themeParams.hintColor());
    set('--accent', themeParams.buttonColor());
    set('--border', themeParams.sectionSeparatorColor());
    root.dataset.theme = themeParams.isDark() ? 'dark' : 'light';
  });
}

/** Shows Telegram's back button while `onBack` is given; hides it otherwise. */
export function setTelegramBackButton(onBack: (() => void) | null): () => void {
  if (!started) return () => undefined;
  if (!onBack) {
    attempt(() => backButton.hide.ifAvailable());
    return () => undefined;
  }
  let off: (() => void) | undefined;
  attempt(() => {
    backButton.show.ifAvailable();
    const listening = backButton.onClick.ifAvailable(onBack);
    off = listening.ok ? listening.data : undefined;
  });
  return () => attempt(() => off?.());
}

export const haptic = {
  selection: () => started && attempt(() => hapticFeedback.selectionChanged.ifAvailable()),
  success: () => started && attempt(() => hapticFeedback.notificationOccurred.ifAvailable('success')),
  error: () => started && attempt(() => hapticFeedback.notificationOccurred.ifAvailable('error')),
};

/** Telegram's share URL (spec: shared through Telegram), for links and for clients without the API. */
export function telegramShareUrl(url: string, text: string): string {
  return `https://t.me/share/url?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text)}`;
}

/** Opens Telegram's share sheet; false when the client cannot (the caller's link does it then). */
export function shareThroughTelegram(url: string, text: string): boolean {
  if (!started) return false;
  try {
    return shareURL.ifAvailable(url, text).ok;
  } catch {
    return false;
  }
}
