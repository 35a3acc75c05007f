// The client side of the fan-out bench, in a process of its own (its own CPU and file descriptors).
// Each client is a bare TCP socket speaking just enough WebSocket (handshake, one masked subscribe
// frame) and scanning the bytes it receives for the `benchT:` stamp: no frame parsing or message
// objects per receipt, so 10,000 clients cost little and the figures measure the servers.
import { randomBytes } from 'node:crypto';
import net from 'node:net';

type Command =
  | { cmd: 'connect'; port: number; path: string; count: number; channel?: string }
  | { cmd: 'arm'; total: number }
  | { cmd: 'await'; timeoutMs: number }
  | { cmd: 'close' };

const now = () => performance.timeOrigin + performance.now();
// The stamp travels as a gift's name, `"benchT:<ms>"` (bench/fanout.bench.ts).
const marker = Buffer.from('benchT:');
const subscribedMarker = Buffer.from('"type":"subscribed"');

let sockets: net.Socket[] = [];
let latencies = new Float64Array(0);
let received = 0;
let firstReceipt = 0;
let lastReceipt = 0;

function isStampByte(b: number): boolean {
  return (b >= 48 && b <= 57) || b === 46;
}

/** Counts stamps in a stream of chunks; a stamp split across two chunks is carried over. */
function stampScanner(): (chunk: Buffer) => void {
  let carry: Buffer | null = null;
  return (chunk) => {
    const buf = carry ? Buffer.concat([carry, chunk]) : chunk;
    carry = null;
    let from = 0;
    for (;;) {
      const at = buf.indexOf(marker, from);
      if (at < 0) break;
      let end = at + marker.length;
      while (end < buf.length && isStampByte(buf[end]!)) end++;
      if (end === buf.length) {
        carry = buf.subarray(at);
        return;
      }
      const t = now();
      const stamp = Number(buf.toString('latin1', at + marker.length, end));
      if (received < latencies.length) latencies[received] = t - stamp;
      if (received === 0) firstReceipt = t;
      lastReceipt = t;
      received++;
      from = end;
    }
    const keep = Math.max(from, buf.length - (marker.length - 1));
    if (keep < buf.length) carry = Buffer.from(buf.subarray(keep));
  };
}

/** A client-to-server text frame (masked, as the protocol requires). */
function textFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  if (payload.length > 125) throw new Error('bench frames are short');
  const mask = randomBytes(4);
  const frame = Buffer.alloc(6 + payload.length);
  frame[0] = 0x81;
  frame[1] = 0x80 | payload.length;
  mask.copy(frame, 2);
  for (let i = 0; i < payload.length; i++) frame[6 + i] = payload[i]! ^ mask[i % 4]!;
  return frame;
}

function openOne(port: number, path: string, channel: string | undefined): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setNoDelay(true);
    let state: 'handshake' | 'subscribing' | 'open' = 'handshake';
    let head = Buffer.alloc(0);
    const scan = stampScanner();
    socket.once('error', reject);
    socket.on('error', () => undefined);
    socket.once('connect', () => {
      socket.write(
        `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
    });
    socket.on('data', (chunk: Buffer) => {
      if (state === 'open') return scan(chunk);
      head = Buffer.concat([head, chunk]);
      if (state === 'handshake') {
        const end = head.indexOf('\r\n\r\n');
        if (end < 0) return;
        if (!head.subarray(0, 12).toString().includes('101')) return reject(new Error(head.toString()));
        head = head.subarray(end + 4);
        if (!channel) {
          state = 'open';
          resolve(socket);
          if (head.length) scan(head);
          return;
        }
        state = 'subscribing';
        socket.write(textFrame(JSON.stringify({ type: 'subscribe', channels: [channel] })));
      }
      if (state === 'subscribing') {
        const at = head.indexOf(subscribedMarker);
        if (at < 0) return;
        state = 'open';
        resolve(socket);
        const rest = head.subarray(at + subscribedMarker.length);
        if (rest.length) scan(rest);
      }
    });
  });
}

async function connect(port: number, path: string, count: number, channel?: string): Promise<void> {
  const batch = 250;
  for (let i = 0; i < count; i += batch) {
    const opened = await Promise.all(Array.from({ length: Math.min(batch, count - i) }, () => openOne(port, path, channel)));
    sockets.push(...opened);
  }
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

process.on('message', async (command: Command) => {
  try {
    if (command.cmd === 'connect') {
      await connect(command.port, command.path, command.count, command.channel);
      process.send!({ ok: true, connected: sockets.length });
    } else if (command.cmd === 'arm') {
      latencies = new Float64Array(command.total);
      received = 0;
      process.send!({ ok: true });
    } else if (command.cmd === 'await') {
      const total = latencies.length;
      const deadline = Date.now() + command.timeoutMs;
      while (received < total && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2));
      const got = latencies.subarray(0, Math.min(received, total)).sort();
      process.send!({
        ok: true,
        received,
        p50: percentile(got, 50),
        p99: percentile(got, 99),
        max: got.length ? got[got.length - 1] : 0,
        firstReceipt,
        lastReceipt,
      });
    } else if (command.cmd === 'close') {
      for (const s of sockets) s.destroy();
      sockets = [];
      process.send!({ ok: true });
    }
  } catch (error) {
    process.send!({ ok: false, error: String(error) });
  }
});
process.send!({ ok: true, ready: true });
