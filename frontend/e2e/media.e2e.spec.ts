// Voice and live video with the built-in WebRTC adapter (no Agora project configured), in Chromium
// with fake devices, three people in one lobby: the host, a speaker (A) on a seat and a listener
// (B, on a phone-sized window). B's inbound audio bytes grow while A talks and stop when the host
// mutes A; they come back after a dropped connection; the host's camera reaches B (frames decoded)
// and switching to screen share ends the camera track; failures show the spec's texts. When
// the host unseats A, B's bytes from A stop within a second, also when B's socket missed it.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_MEDIA_ARGS, launchBrowser } from '../../test-support/browser.ts';
import { startFullStack, type FullStack } from '../../test-support/full-stack.ts';
import { signInAsGuest, signInWithEmail } from './session.ts';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
let full: FullStack;
let browser: Browser;
const contexts: BrowserContext[] = [];
let host: Page;
let speaker: Page;
let listener: Page;
let lobbyUrl = '';

/** Records every peer connection, capture track and socket of the page, for getStats and drops. */
const instrument = () => {
  const w = window as unknown as {
    __pcs: RTCPeerConnection[];
    __tracks: Array<{ via: string; track: MediaStreamTrack }>;
    __sockets: WebSocket[];
    __players: Set<HTMLMediaElement>;
  };
  w.__pcs = [];
  w.__tracks = [];
  w.__sockets = [];
  w.__players = new Set();
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
    w.__players.add(this);
    return play.call(this);
  };
  const PC = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends PC {
    constructor(config?: RTCConfiguration) {
      super(config);
      w.__pcs.push(this);
    }
  } as typeof RTCPeerConnection;
  // A test can hide frames from the app (a stalled socket, a client that ignores some events).
  const net = window as unknown as { __hide?: ((data: string) => boolean) | null };
  const WS = window.WebSocket;
  window.WebSocket = class extends WS {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      w.__sockets.push(this);
    }
    override set onmessage(handler: ((this: WebSocket, e: MessageEvent) => unknown) | null) {
      super.onmessage = handler && ((e: MessageEvent) => (net.__hide?.(String(e.data)) ? undefined : handler.call(this, e)));
    }
    override get onmessage() {
      return super.onmessage;
    }
  } as typeof WebSocket;
  const devices = navigator.mediaDevices;
  for (const via of ['getUserMedia', 'getDisplayMedia'] as const) {
    const original = devices[via].bind(devices);
    devices[via] = (async (constraints?: MediaStreamConstraints) => {
      const stream = await original(constraints);
      for (const track of stream.getTracks()) w.__tracks.push({ via, track });
      return stream;
    }) as never;
  }
};

async function newPage(viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  contexts.push(context);
  await context.addInitScript(instrument);
  // A loaded machine renders slowly, but no step may wait forever (a poll cannot cancel it).
  context.setDefaultTimeout(60_000);
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('page error', viewport.width, e.message));
  return page;
}

/** Sum over the page's open peer connections of one inbound-rtp counter. */
function inbound(page: Page, kind: 'audio' | 'video', field: 'bytesReceived' | 'framesDecoded'): Promise<number> {
  return page.evaluate(
    async ({ kind, field }) => {
      let total = 0;
      for (const pc of (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs) {
        if (pc.connectionState === 'closed') continue;
        const stats = await pc.getStats();
        stats.forEach((s: Record<string, unknown>) => {
          if (s.type === 'inbound-rtp' && s.kind === kind) total += Number(s[field] ?? 0);
        });
      }
      return total;
    },
    { kind, field },
  );
}

/** How much `counter` grows over `ms`. */
/**
 * Bytes of `kind` received over `ms`, stream by stream: a stream closed meanwhile counts nothing
 * (a sum over open connections would go down when one closes and hide another one growing).
 */
async function receivedDuring(page: Page, kind: 'audio' | 'video', ms: number): Promise<number> {
  const byStream = () =>
    page.evaluate(async (kind) => {
      const bytes: Record<string, number> = {};
      const pcs = (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs;
      for (const [i, pc] of pcs.entries()) {
        if (pc.connectionState === 'closed') continue;
        (await pc.getStats()).forEach((s: Record<string, unknown>) => {
          if (s.type === 'inbound-rtp' && s.kind === kind) bytes[`${i}:${String(s.id)}`] = Number(s.bytesReceived ?? 0);
        });
      }
      return bytes;
    }, kind);
  const before = await byStream();
  await new Promise((r) => setTimeout(r, ms));
  const after = await byStream();
  return Object.entries(after).reduce((sum, [key, n]) => sum + Math.max(0, n - (before[key] ?? 0)), 0);
}

async function growth(read: () => Promise<number>, ms = 2_000): Promise<number> {
  const before = await read();
  await new Promise((r) => setTimeout(r, ms));
  return (await read()) - before;
}

/** Straight from the compositor: a full Playwright screenshot can take very long on a busy machine. */
async function shot(page: Page, name: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const image = (await cdp.send('Page.captureScreenshot', { format: 'png' })) as { data: string };
  writeFileSync(path.join(shots, name), Buffer.from(image.data, 'base64'));
  await cdp.detach();
}

const tracks = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { __tracks: Array<{ via: string; track: MediaStreamTrack }> }).__tracks.map((t) => ({
      via: t.via,
      kind: t.track.kind,
      state: t.track.readyState,
    })),
  );

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  [full, browser] = await Promise.all([startFullStack(), launchBrowser(FAKE_MEDIA_ARGS)]);
  host = await newPage({ width: 1440, height: 900 });
  speaker = await newPage({ width: 1280, height: 800 });
  listener = await newPage({ width: 390, height: 844 });
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await full?.stop();
});

describe('voice and live video over the built-in WebRTC adapter', () => {
  it('seats a speaker next to the host; everyone’s voice connects without any media provider', async () => {
    await signInWithEmail(host, full.url, 'media-host@example.com');
    await host.getByTestId('create-lobby').click();
    await host.fill('#lobby-title', 'Live Jam');
    await host.getByTestId('create-lobby-submit').click();
    await host.waitForURL(/\/lobby\/[\w-]+$/);
    lobbyUrl = host.url();
    await expect.poll(() => host.getByTestId('voice-state').innerText(), { timeout: 30_000 }).toBe('Voice on');

    await signInAsGuest(speaker, full.url);
    await speaker.goto(lobbyUrl);
    await expect.poll(() => speaker.getByTestId('voice-state').innerText(), { timeout: 30_000 }).toBe('Voice on');
    await speaker.getByTestId('request-mic').click();
    await host.getByTestId('mic-queue').getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => speaker.getByTestId('toggle-mic').innerText(), { timeout: 15_000 }).toContain('Mic on');

    await signInAsGuest(listener, full.url);
    await listener.goto(lobbyUrl);
    await expect.poll(() => listener.getByTestId('voice-state').innerText(), { timeout: 30_000 }).toBe('Voice on');
    // The listener publishes nothing: it never asked for a microphone.
    expect((await tracks(listener)).filter((t) => t.via === 'getUserMedia')).toEqual([]);
  }, 420_000);

  it('the listener receives the speaker’s audio, and nothing once the host mutes the speaker', async () => {
    // Only the speaker talks: the host turns their own mic off.
    await host.getByTestId('toggle-mic').click();
    await expect.poll(() => host.getByTestId('toggle-mic').innerText(), { timeout: 10_000 }).toContain('Mic off');
    await expect.poll(() => growth(() => inbound(listener, 'audio', 'bytesReceived'), 1_500), { timeout: 20_000 }).toBeGreaterThan(1_000);
    // The speaker is shown speaking on the stage (the fake microphone beeps).
    await expect.poll(() => listener.locator('[data-testid="seat-1"] [data-speaking="true"]').count(), { timeout: 15_000 }).toBe(1);

    await host.getByTestId('seat-1').click();
    await host.getByRole('menuitem', { name: 'Turn off Mic' }).click();
    await expect.poll(() => speaker.getByTestId('toggle-mic').innerText(), { timeout: 15_000 }).toContain('Mic off');
    // The last packets in flight arrive, then the count stands still: silent over a second, and still after.
    await expect.poll(() => growth(() => inbound(listener, 'audio', 'bytesReceived'), 1_000), { timeout: 10_000 }).toBe(0);
    expect(await growth(() => inbound(listener, 'audio', 'bytesReceived'), 1_500)).toBe(0);
    // The speaker's browser released the microphone.
    expect((await tracks(speaker)).filter((t) => t.kind === 'audio' && t.state === 'live')).toEqual([]);
  }, 420_000);

  it('hears the speaker again after unmuting, and after the listener’s connection drops', async () => {
    await host.getByTestId('seat-1').click();
    await host.getByRole('menuitem', { name: 'Turn on Mic' }).click();
    await expect.poll(() => speaker.getByTestId('toggle-mic').innerText(), { timeout: 15_000 }).toContain('Mic on');
    await expect.poll(() => growth(() => inbound(listener, 'audio', 'bytesReceived'), 1_500), { timeout: 20_000 }).toBeGreaterThan(1_000);

    const connectionsBefore = await listener.evaluate(() => (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs.length);
    await listener.evaluate(() => {
      for (const s of (window as unknown as { __sockets: WebSocket[] }).__sockets) s.close();
    });
    // Rejoined: new peer connections carry the audio.
    await expect
      .poll(() => listener.evaluate(() => (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs.length), { timeout: 20_000 })
      .toBeGreaterThan(connectionsBefore);
    await expect.poll(() => listener.getByTestId('voice-state').innerText(), { timeout: 30_000 }).toBe('Voice on');
    await expect.poll(() => growth(() => inbound(listener, 'audio', 'bytesReceived'), 1_500), { timeout: 20_000 }).toBeGreaterThan(1_000);
  }, 420_000);

  it('the host goes live with the camera: the listener sees it; switching to the screen ends the camera', async () => {
    expect(await speaker.getByTestId('go-live').count()).toBe(0);
    await host.getByTestId('go-live').click();
    await host.getByTestId('live-start-modal').waitFor();
    await shot(host, 'live-start-modal.png');
    await host.getByTestId('live-camera').click();
    await host.getByTestId('live-stage').waitFor({ timeout: 15_000 });

    await listener.bringToFront();
    await listener.getByTestId('live-stage').waitFor({ timeout: 20_000 });
    await expect.poll(() => inbound(listener, 'video', 'framesDecoded'), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect
      .poll(() => listener.getByTestId('live-video').evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 15_000 })
      .toBeGreaterThan(0);
    expect(await listener.getByTestId('live-stage').innerText()).toContain('Camera');
    await host.waitForTimeout(800);
    await shot(host, 'live-stream-host.png');
    await shot(listener, 'live-stream-phone.png');

    await host.getByTestId('switch-to-screen').click();
    await expect.poll(() => host.getByTestId('live-stage').innerText(), { timeout: 15_000 }).toContain('Screen share');
    const hostTracks = await tracks(host);
    expect(hostTracks.filter((t) => t.kind === 'video' && t.via === 'getUserMedia').map((t) => t.state)).toEqual(['ended']);
    expect(hostTracks.filter((t) => t.via === 'getDisplayMedia').map((t) => t.state)).toEqual(['live']);
    await expect.poll(() => listener.getByTestId('live-stage').innerText(), { timeout: 15_000 }).toContain('Screen share');
    const frames = await inbound(listener, 'video', 'framesDecoded');
    await expect.poll(() => inbound(listener, 'video', 'framesDecoded'), { timeout: 15_000 }).toBeGreaterThan(frames);
    await listener.waitForTimeout(800);
    await shot(listener, 'screen-share-phone.png');

    await host.getByTestId('end-live').click();
    await host.getByTestId('go-live').waitFor();
    await expect.poll(() => listener.getByTestId('live-stage').count(), { timeout: 15_000 }).toBe(0);
  }, 420_000);

  it('shows the spec’s failure texts without a camera or without screen sharing', async () => {
    await host.evaluate(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Requested device not found', 'NotFoundError'));
    });
    await host.getByTestId('go-live').click();
    await host.getByTestId('live-camera').click();
    const failure = host.getByTestId('live-error');
    await failure.waitFor();
    expect(await failure.innerText()).toContain('Live Streaming Failed');
    expect(await failure.innerText()).toContain('No video device found');
    await failure.getByRole('button', { name: 'OK' }).click();

    await host.evaluate(() => {
      (navigator.mediaDevices as { getDisplayMedia?: unknown }).getDisplayMedia = undefined;
    });
    await host.getByTestId('go-live').click();
    // Closing the start modal midway starts nothing.
    await host.keyboard.press('Escape');
    await expect.poll(() => host.getByTestId('live-start-modal').count()).toBe(0);
    await host.getByTestId('go-live').click();
    await host.getByTestId('live-screen').click();
    await failure.waitFor();
    expect(await failure.innerText()).toContain('Screen Sharing Failed');
    await failure.getByRole('button', { name: 'OK' }).click();
    expect(await host.getByTestId('live-stage').count()).toBe(0);
  }, 420_000);

  it('applies the listener’s volume and mute for the speaker to what it plays', async () => {
    const speakerUid = (await listener.getByTestId('seat-1').getAttribute('data-uid'))!;
    const players = () =>
      listener.evaluate(() =>
        [...(window as unknown as { __players: Set<HTMLMediaElement> }).__players]
          .filter((p) => p instanceof HTMLAudioElement && p.srcObject)
          .map((p) => ({ volume: p.volume, muted: p.muted })),
      );
    // The host's player and the speaker's. The host's mic has been off since the second test, so the
    // lobby's rule already mutes that one (muted members are never played).
    const before = await players();
    expect(before.map((p) => p.volume)).toEqual([1, 1]);
    await listener.getByTestId('open-volumes').click();
    const row = listener.getByTestId(`volume-${speakerUid}`);
    await row.locator('input[type="range"]').fill('40');
    await expect.poll(async () => (await players()).map((p) => p.volume).sort()).toEqual([0.4, 1]);
    const speakerPlayer = (await players()).findIndex((p) => p.volume === 0.4);
    await row.getByRole('button', { name: /^Mute / }).click();
    // The speaker's player goes quiet; the host's stays as it was.
    await expect
      .poll(async () => (await players()).map((p) => p.muted))
      .toEqual(before.map((p, i) => (i === speakerPlayer ? true : p.muted)));
    expect(before[speakerPlayer]!.muted).toBe(false);
    expect(before[1 - speakerPlayer]!.muted).toBe(true);
    await shot(listener, 'volumes-phone.png');
    // Settings stay after a reload (the auth state's volumes and mutes).
    await listener.reload();
    await listener.getByTestId('open-volumes').click();
    await expect.poll(() => listener.getByTestId(`volume-${speakerUid}`).innerText(), { timeout: 15_000 }).toContain('Muted');
  }, 420_000);

  it('the host unseats the speaker: the listener stops receiving them within a second, also when its socket missed it', async () => {
    const hearsSpeaker = () => expect.poll(() => receivedDuring(listener, 'audio', 1_500), { timeout: 30_000 }).toBeGreaterThan(1_000);
    /** Unseats the speaker from the host's seat menu; resolves when the command is answered. */
    const unseat = async () => {
      await host.getByTestId('seat-1').click();
      const [answer] = await Promise.all([
        host.waitForResponse((r) => r.url().endsWith('/cohosts/remove') && r.request().method() === 'POST'),
        host.getByRole('menuitem', { name: 'Unseat' }).click(),
      ]);
      expect(answer.status()).toBe(200);
    };
    /** A second after the unseat, nothing more arrives. */
    const silentWithinASecond = async () => {
      await listener.waitForTimeout(1_000);
      expect(await receivedDuring(listener, 'audio', 1_500)).toBe(0);
    };
    // The speaker's app never hears of its unseat through the lobby (a stale or modified client
    // would keep its seat and its microphone): only the gateway can stop it.
    const staleSpeaker = () =>
      speaker.evaluate(() => ((window as unknown as { __hide: (d: string) => boolean }).__hide = (d) => d.includes('"UserUnseated"')));
    await listener.keyboard.press('Escape');
    await hearsSpeaker();

    await staleSpeaker();
    await unseat();
    await silentWithinASecond();

    // Seated again (a fresh page), heard again.
    await speaker.reload();
    await expect.poll(() => speaker.getByTestId('voice-state').innerText(), { timeout: 30_000 }).toBe('Voice on');
    await speaker.getByTestId('request-mic').click();
    await host.getByTestId('mic-queue').getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => speaker.getByTestId('toggle-mic').innerText(), { timeout: 15_000 }).toContain('Mic on');
    await hearsSpeaker();

    // The listener's socket stalls: still open for the gateway, but nothing reaches the app, so it
    // misses the unseat altogether. (A closed socket would not do: the gateway tells the speaker's
    // app that the listener left, and it closes that connection by itself.)
    await staleSpeaker();
    await listener.evaluate(() => ((window as unknown as { __hide: (d: string) => boolean }).__hide = () => true));
    await unseat();
    await silentWithinASecond();

    // The socket comes back (a reconnect resumes what it missed): its voice is back, and still
    // nothing of the unseated speaker.
    await listener.evaluate(() => {
      const w = window as unknown as { __hide: null; __sockets: WebSocket[] };
      w.__hide = null;
      for (const s of w.__sockets) s.close();
    });
    await expect.poll(() => listener.getByTestId('voice-state').innerText(), { timeout: 60_000 }).toBe('Voice on');
    expect(await receivedDuring(listener, 'audio', 1_500)).toBe(0);
    await expect.poll(() => listener.getByTestId('seat-1').getAttribute('data-uid'), { timeout: 30_000 }).toBeNull();
    await shot(listener, 'unseated-speaker-phone.png');
  }, 420_000);
});
