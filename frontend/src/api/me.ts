// The signed-in user and the diamond balance, read by the shell, the login flow and the wallet.
import { useQuery } from '../state/query.ts';
import { useSession } from './session.ts';

/** GET user/me (spec section 3 "User (me)"). */
export interface Me {
  uid: string;
  username: string;
  profilePicUrl?: string | null;
  roles: string[];
  hasFinishedOnboarding: boolean;
  showNSFW?: boolean;
  anonymous?: boolean;
}

export function useMe() {
  const token = useSession((s) => s.token);
  return useQuery<Me>(token ? '/user/me' : null);
}

/** GET wallet/balance; the money module names the diamond figure `diamonds` (or `balance`). */
export interface BalanceBody {
  diamonds?: number;
  balance?: number;
  charm?: number;
}

export function diamondsOf(body: BalanceBody | undefined): number | undefined {
  if (!body) return undefined;
  return body.diamonds ?? body.balance;
}

export function useBalance() {
  const token = useSession((s) => s.token);
  const query = useQuery<BalanceBody>(token ? '/wallet/balance' : null, { dedupingInterval: 2000 });
  return { ...query, diamonds: diamondsOf(query.data) };
}
