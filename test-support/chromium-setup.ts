// Once per e2e run, before any browser file: Chromium installed if missing. Browser files run two at
// a time, and each installing it on first use made all but one fail on apt's lock on a fresh machine.
import { ensureChromium } from './browser.ts';

export default function setup(): void {
  ensureChromium();
}
