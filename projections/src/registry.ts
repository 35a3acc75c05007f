// Every projector the platform runs. A new read model adds one line here.
import type { Projector } from './projector.ts';
import { streamCatalog } from './projectors/stream-catalog.ts';
import { referralEarnings } from './projectors/referral-earnings.ts';

export const projectors: Projector[] = [streamCatalog, referralEarnings];

export function findProjector(name: string): Projector | undefined {
  return projectors.find((p) => p.name === name);
}
