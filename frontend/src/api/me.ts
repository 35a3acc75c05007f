// The signed-in user and the diamond balance, read by the shell, the login flow and the wallet.
import type { MeDto } from '@murmur/contracts/identity';
import { useQuery } from '../state/query.ts';
import { actingToken, useSession } from './session.ts';
import { api } from './api.generated.ts';

/** GET user/me (docs/decisions/identity.md). */
export type Me = MeDto;

export function useMe() {
  const token = useSession((s) => s.token);
  return useQuery(token ? api.identity.me.path() : null);
}

/** GET wallet/balance (its contracts DTO); `diamonds` is undefined until it is read. */
export function useBalance() {
  const token = useSession(actingToken);
  const query = useQuery(token ? api.money.balance.path() : null, { dedupingInterval: 2000 });
  return { ...query, diamonds: query.data?.diamonds };
}
