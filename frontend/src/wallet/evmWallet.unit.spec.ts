// The pure parts of paying from a browser wallet: token units from the typed amount (no floating
// point), the ERC-20 transfer call data (checked against viem's encoder), and the spec's
// text for what wallets answer.
import { encodeFunctionData, erc20Abi } from 'viem';
import { describe, expect, it } from 'vitest';
import { erc20TransferData, tokenUnits, walletErrorText, WalletRejected, WrongNetwork } from './evmWallet.ts';

describe('paying from an EVM browser wallet', () => {
  it('turns the typed amount into token units exactly', () => {
    expect(tokenUnits('12.5', 6)).toBe(12_500_000n);
    expect(tokenUnits('0.1', 18)).toBe(100_000_000_000_000_000n);
    expect(tokenUnits('10', 6)).toBe(10_000_000n);
    expect(tokenUnits('1.1234567', 6)).toBe(1_123_456n);
  });

  it('encodes transfer(to, amount) as viem does', () => {
    const to = '0x00000000000000000000000000000000000d3905';
    expect(erc20TransferData(to, 12_500_000n)).toBe(
      encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, 12_500_000n] }),
    );
  });

  it("says the spec's text for each wallet answer, and nothing for a closed prompt", () => {
    expect(walletErrorText({ code: 4001, message: 'User rejected the request.' })).toBeNull();
    expect(walletErrorText(new WalletRejected())).toBeNull();
    expect(walletErrorText({ code: -32603, message: 'Execution reverted with reason: ERC20: transfer amount exceeds balance.' })).toBe(
      'You may have insufficient balance.',
    );
    expect(walletErrorText({ code: -32000, message: 'header not found' })).toBe('You may have insufficient balance.');
    expect(walletErrorText({ code: -13, message: 'out of gas' })).toBe(
      'Transaction failed due to insufficient gas. Please ensure that your wallet has enough funds to cover transaction fees.',
    );
    expect(walletErrorText({ message: 'insufficient funds for gas * price + value' })).toBe(
      'Transaction failed due to insufficient gas. Please ensure that your wallet has enough funds to cover transaction fees.',
    );
    expect(walletErrorText({ message: 'TokenAccountNotFoundError: token account not found' })).toBe(
      'Please check if your account has sufficient funds.',
    );
    expect(walletErrorText(new WrongNetwork(11155111, 56))).toBe('Your wallet is on another network. Switch it to Sepolia to continue.');
    expect(walletErrorText({ code: 4100, message: 'unauthorized' })).toBe(
      'Something went wrong. Please try other blockchain network or try again later.',
    );
  });
});
