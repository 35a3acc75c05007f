// "Pay from the demo wallet" (the demo only, on its local chains): the server's demo wallet of this
// account sends the amount to the deposit address (dev/demo-wallet/pay), signs the wallet-link
// message for its address (dev/demo-wallet/sign, through the same wallet/sign-message a browser
// wallet uses), and the top-up is then submitted as any other (payment/topup/pay), so it is
// verified on chain and credited once exactly as in production.
import type { DepositCurrency } from '@murmur/contracts/deposits';
import { chainKindOf } from '@murmur/contracts/deposits';
import { api } from '../api/api.generated.ts';
import { proveAddress } from './linkWallet.ts';
import { payCrypto } from './pay.ts';

export async function payFromDemoWallet(chainId: number, symbol: DepositCurrency, amount: string): Promise<void> {
  const paid = await api.money.demoWalletPay({ chainId, symbol, amount }, { quiet: true });
  const environment = chainKindOf(chainId) === 'solana' ? 'solana-runtime' : 'evm';
  await proveAddress(
    paid.address,
    environment,
    async (message) => (await api.money.demoWalletSign({ chainId, message }, { quiet: true })).signature,
  );
  await payCrypto({
    chainId,
    fromCurrency: symbol,
    fromAmount: Number(amount),
    address: paid.address,
    transactionHash: paid.transactionHash,
  });
}
