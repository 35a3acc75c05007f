// The withdrawal calls (validate first, on success submit; docs/decisions/money.md) and the form checks the
// client can make before asking: amount within the available charm, an address of the chosen network.
import { addressFitsNetwork, withdrawal, withdrawalNetworkNames, withdrawalTexts, type WithdrawCheck } from '@murmur/contracts/wallet';
import { formatText, texts } from '@murmur/contracts/errors';
import { ApiCallError } from '../api/client.ts';
import { api } from '../api/api.generated.ts';
import { refreshQueries } from '../state/query.ts';
import { REFRESH_AFTER_MS, withdrawalOutcome } from './paymentResult.ts';
import type { WithdrawResultState, WithdrawState } from './withdrawStore.ts';

type Form = Pick<WithdrawState, 'amount' | 'method' | 'network' | 'address' | 'bankCountry'>;

export function withdrawAmountError(raw: string, available: number): string | null {
  const amount = Number(raw.trim());
  if (!raw.trim()) return formatText(texts.required, { field: 'Amount' });
  if (!Number.isSafeInteger(amount) || amount <= 0) return 'Amount must be a positive number.';
  if (amount < withdrawal.minimumCharm) return formatText(withdrawalTexts.minimum, { minimum: withdrawal.minimumCharm });
  if (amount > available) return formatText(texts.notEnoughCharm, { available });
  return null;
}

export function withdrawBankCountryError(form: Form): string | null {
  return form.method === 'bank' && !form.bankCountry ? formatText(texts.required, { field: 'Bank country' }) : null;
}

export function withdrawAddressError(form: Form): string | null {
  if (!form.address.trim()) return formatText(texts.required, { field: form.method === 'crypto' ? 'Wallet address' : 'Account number' });
  if (form.method === 'crypto' && !addressFitsNetwork(form.address, form.network)) {
    return formatText(withdrawalTexts.wrongNetworkAddress, { network: withdrawalNetworkNames[form.network] });
  }
  return null;
}

const body = (form: Form) => ({
  amount: Number(form.amount),
  method: form.method,
  network: form.network,
  address: form.address.trim(),
  ...(form.method === 'bank' ? { bankCountry: form.bankCountry } : {}),
});

/** POST wallet/withdraw/validate; a refusal comes back as the server's text for the form. */
export async function validateWithdrawal(
  form: Form,
): Promise<{ ok: true; check: WithdrawCheck } | { ok: false; message: string; field: 'amount' | 'address' | 'bankCountry' }> {
  try {
    return { ok: true, check: await api.money.validateWithdrawal(body(form), { quiet: true }) };
  } catch (error) {
    const e = error as ApiCallError;
    const onAddress =
      Array.isArray((e.details as { issues?: Array<{ path: string }> } | undefined)?.issues) &&
      (e.details as { issues: Array<{ path: string }> }).issues[0]?.path === 'address';
    const onCountry = (e.details as { issues?: Array<{ path: string }> } | undefined)?.issues?.[0]?.path === 'bankCountry';
    return { ok: false, message: e.message, field: onCountry ? 'bankCountry' : onAddress ? 'address' : 'amount' };
  }
}

/** POST wallet/withdraw with the flow's key, then (docs/decisions/money.md): failed shows the message, any
 * other status is done and refreshes the balance, the withdrawals and the history after 1 s. */
export async function submitWithdrawal(form: Form, idempotencyKey: string): Promise<WithdrawResultState> {
  let result: { status: string; message?: string; transactionId?: string };
  try {
    result = await api.money.withdraw(body(form), { idempotencyKey, quiet: true });
  } catch (error) {
    result = { status: 'failed', message: (error as ApiCallError).message };
  }
  const outcome = withdrawalOutcome(result);
  if (outcome.kind === 'failed') return { status: 'failed', message: outcome.message };
  setTimeout(() => void refreshQueries('/wallet/balance', '/wallet/withdraw', '/transaction/me'), REFRESH_AFTER_MS);
  return {
    status: 'pending',
    message: withdrawalTexts.requested,
    ...(result.transactionId ? { transactionId: result.transactionId } : {}),
  };
}
