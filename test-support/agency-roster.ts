// Putting a creator on an agency's roster the only way there is: the agency invites them and the
// creator accepts (docs/decisions/guild.md). Tests that need a roster go through the real routes.
import { expect } from 'vitest';
import type { TestStack } from './stack.ts';

/** The agency (its owner's token) invites `hostUid`, who accepts with their own token (one is made
 * when none is given); answers the acceptance's position (the roster change). */
export async function joinAgency(
  stack: Pick<TestStack, 'api' | 'tokenFor'>,
  agencyToken: string,
  agencyId: string,
  hostUid: string,
  hostToken?: string,
): Promise<string> {
  const invited = await stack.api(`/guild/agencies/${agencyId}/invitations`, { method: 'POST', token: agencyToken, body: { hostUid } });
  expect(invited.status, `invite ${hostUid} to ${agencyId}: ${JSON.stringify(invited.body)}`).toBe(200);
  const accepted = await stack.api(`/guild/invitations/${agencyId}/accept`, {
    method: 'POST',
    token: hostToken ?? (await stack.tokenFor(hostUid)),
    body: {},
  });
  expect(accepted.status, `${hostUid} accepts ${agencyId}: ${JSON.stringify(accepted.body)}`).toBe(200);
  return accepted.body.position as string;
}
