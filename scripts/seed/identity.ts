// Demo accounts, created the way a person signs up: an e-mail code (read back from the dev mailbox),
// the terms step, a username, and roles granted by an admin. Later seeders find the uids in
// ctx.shared.users = { aria, ben, nova, admin, audrey }. To sign in as one of them in the demo, enter its
// e-mail on the login screen and read the code at /api/v1/dev/mailbox.html.
import type { RoleCode } from '@murmur/contracts';
import type { SeedContext } from './context.ts';

export const demoPeople: Array<{
  key: 'aria' | 'ben' | 'nova' | 'admin' | 'audrey';
  email: string;
  username: string;
  roles: RoleCode[];
  birthday: string;
}> = [
  { key: 'admin', email: 'admin@murmur.demo', username: 'murmur_admin', roles: ['ad', 'dev'], birthday: '1988-03-14' },
  { key: 'aria', email: 'aria@murmur.demo', username: 'aria', roles: ['h', 'cr'], birthday: '1997-06-21' },
  { key: 'ben', email: 'ben@murmur.demo', username: 'ben', roles: [], birthday: '1995-09-02' },
  { key: 'nova', email: 'nova@murmur.demo', username: 'nova', roles: ['ag'], birthday: '1990-12-05' },
  // The auditor: the console's Ledger proof section and nothing else (docs/decisions/ledger-proof.md).
  { key: 'audrey', email: 'audrey@murmur.demo', username: 'audrey_auditor', roles: ['au'], birthday: '1984-04-30' },
];

async function call(ctx: SeedContext, path: string, body: unknown): Promise<any> {
  const res = await fetch(`${ctx.commandUrl}/api/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`seed POST ${path} -> ${res.status} ${text}`);
  return JSON.parse(text);
}

/** The newest code mailed to `email`, as the dev SMTP server stored it. */
async function codeFromMailbox(ctx: SeedContext, email: string, after: number): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const { rows } = await ctx.pool.query<{ body: string }>(
      'select body from dev_mailbox where recipient = $1 and id > $2 order by id desc limit 1',
      [email, after],
    );
    const code = rows[0] && /\b(\d{6})\b/.exec(rows[0].body)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no sign-in code for ${email} in the dev mailbox (is the dev SMTP server running?)`);
}

export async function seedIdentity(ctx: SeedContext): Promise<void> {
  const users: Record<string, string> = {};
  const operator = await ctx.tokenFor('demo-operator', ['ad']);
  for (const person of demoPeople) {
    const { rows } = await ctx.pool.query<{ last: string | null }>('select max(id)::text as last from dev_mailbox');
    await call(ctx, '/auth/otp', { email: person.email });
    const code = await codeFromMailbox(ctx, person.email, Number(rows[0]?.last ?? 0));
    const auth = await call(ctx, '/auth/login', {
      credentials: { type: 'email', email: person.email, code },
      visitorId: `demo-${person.key}`,
      deviceInfo: { os: 'web' },
    });
    users[person.key] = auth.uid;
    // The terms step answers with the token that may do the rest.
    const onboarded = await ctx.post('/user/onboarding', auth.token, { acceptTerms: true, birthday: person.birthday, showNSFW: false });
    for (const role of person.roles) await ctx.post(`/admin/users/${auth.uid}/roles`, operator, { role });
    try {
      await ctx.post('/user/profile/details', onboarded.token, { username: person.username }, 'PUT');
    } catch (error) {
      console.warn(`demo username for ${person.key} not set: ${(error as Error).message}`);
    }
  }
  ctx.shared.users = users;
}
