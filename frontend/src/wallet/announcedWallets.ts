// Several browser wallets side by side (EIP-6963, multi injected provider discovery): each installed
// EVM wallet announces itself (name, icon, reverse-DNS id, its own EIP-1193 provider) instead of
// fighting over window.ethereum, so the sign-in screen offers each by name and the person picks
// which one signs. A browser whose wallet predates EIP-6963 still has window.ethereum (evmWallet.ts).
import { useSyncExternalStore } from 'react';
import type { Eip1193 } from './evmWallet.ts';

export interface AnnouncedWallet {
  uuid: string;
  name: string;
  /** A data: URI of the wallet's icon (EIP-6963 requires one). */
  icon: string;
  /** The wallet's reverse-DNS id, e.g. io.metamask. */
  rdns: string;
  provider: Eip1193;
}

let wallets: AnnouncedWallet[] = [];
const listeners = new Set<() => void>();

function onAnnounce(event: Event): void {
  const detail = (event as CustomEvent<{ info?: Partial<AnnouncedWallet>; provider?: Eip1193 }>).detail;
  const info = detail?.info;
  if (!info?.uuid || !info.name || typeof detail.provider?.request !== 'function') return;
  const wallet: AnnouncedWallet = {
    uuid: info.uuid,
    name: info.name,
    icon: info.icon?.startsWith('data:image/') ? info.icon : '',
    rdns: info.rdns ?? '',
    provider: detail.provider,
  };
  // A wallet announces again on every request: keep one entry per uuid, in the order first seen.
  wallets = wallets.some((w) => w.uuid === wallet.uuid) ? wallets.map((w) => (w.uuid === wallet.uuid ? wallet : w)) : [...wallets, wallet];
  listeners.forEach((l) => l());
}

if (typeof window !== 'undefined') {
  window.addEventListener('eip6963:announceProvider', onAnnounce);
  window.dispatchEvent(new Event('eip6963:requestProvider'));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The wallets that announced themselves so far (re-renders when another one does). */
export function useAnnouncedWallets(): AnnouncedWallet[] {
  return useSyncExternalStore(
    subscribe,
    () => wallets,
    () => wallets,
  );
}
