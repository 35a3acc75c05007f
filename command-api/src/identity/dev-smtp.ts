// A real SMTP server (npm smtp-server) that keeps what it receives: the demo's dev mailbox and the
// tests' inbox. It never relays anything.
import { SMTPServer } from 'smtp-server';
import type pg from 'pg';
import { devMailboxOn, type IdentityConfig } from './config.ts';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  receivedAt: Date;
}

/** Splits a raw RFC 5322 message into subject and text body (nodemailer's plain-text mails). */
export function parseRawMail(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = split >= 0 ? raw.slice(0, split) : raw;
  let body = split >= 0 ? raw.slice(split + 4) : '';
  const unfolded = head.replace(/\r\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded)?.[1]?.trim() ?? '';
  if (/quoted-printable/i.test(header('Content-Transfer-Encoding'))) {
    body = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  } else if (/base64/i.test(header('Content-Transfer-Encoding'))) {
    body = Buffer.from(body, 'base64').toString('utf8');
  }
  return { subject: header('Subject'), text: body.replace(/\r\n/g, '\n') };
}

export interface DevSmtpServer {
  port: number;
  inbox: ReceivedMail[];
  /** Resolves with the next mail to `to` received after the call (call it before sending). */
  waitFor(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  /** Also keeps mail in this database's dev_mailbox from now on. */
  storeIn(pool: pg.Pool): void;
  close(): Promise<void>;
}

export async function startDevSmtpServer(options: { port?: number; host?: string; pool?: pg.Pool } = {}): Promise<DevSmtpServer> {
  const inbox: ReceivedMail[] = [];
  let store = options.pool;
  const waiters: Array<{ to: string; resolve: (m: ReceivedMail) => void }> = [];
  const server = new SMTPServer({
    // The package's built-in certificate has expired, so no STARTTLS (MACHINE-NOTES).
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 1_000_000,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const { subject, text } = parseRawMail(Buffer.concat(chunks).toString('utf8'));
        const mail: ReceivedMail = {
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject,
          text,
          receivedAt: new Date(),
        };
        inbox.push(mail);
        for (let i = waiters.length - 1; i >= 0; i--) {
          const w = waiters[i]!;
          if (mail.to.includes(w.to)) {
            waiters.splice(i, 1);
            w.resolve(mail);
          }
        }
        const db = store;
        const stored = db
          ? Promise.all(
              mail.to.map((to) => db.query('insert into dev_mailbox (recipient, subject, body) values ($1, $2, $3)', [to, subject, text])),
            )
          : Promise.resolve();
        stored.then(
          () => callback(),
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    inbox,
    waitFor(to, timeoutMs = 5000) {
      const target = to.toLowerCase();
      return new Promise<ReceivedMail>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no mail to ${target} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          to: target,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      });
    },
    storeIn(pool) {
      store = pool;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** For `npm start`: receives the demo's mail on SMTP_URL's port and keeps it for the dev mailbox page. */
export async function startDevMailbox(
  pool: pg.Pool,
  config: IdentityConfig,
  log: (message: string) => void,
): Promise<DevSmtpServer | null> {
  if (!devMailboxOn(config)) return null;
  const url = new URL(config.SMTP_URL);
  try {
    const server = await startDevSmtpServer({ port: Number(url.port || 25), host: url.hostname, pool });
    log(`dev SMTP server on ${url.hostname}:${server.port}; mail shows at /api/v1/dev/mailbox.html`);
    return server;
  } catch (error) {
    log(`dev SMTP server not started: ${(error as Error).message}`);
    return null;
  }
}
