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

/** GET wallet/balance (its contracts DTO); `diamonds` is undefined until it is read. */
export function useBalance() {
  const token = useSession((s) => s.token);
  const query = useQuery<'GET /wallet/balance'>(token ? '/wallet/balance' : null, { dedupingInterval: 2000 });
  return { ...query, diamonds: query.data?.diamonds };
}
