import { describe, expect, it } from 'vitest';
import { isIgnorable } from './ignorableErrors.ts';

describe('ignorable failures', () => {
  it("ignores a wallet's decline, a closed sign-in popup and an aborted call", () => {
    expect(isIgnorable({ code: 4001, message: 'MetaMask Tx Signature: User denied transaction signature.' })).toBe(true);
    expect(isIgnorable(new Error('User rejected the request.'))).toBe(true);
    expect(isIgnorable({ code: 'auth/popup-closed-by-user', message: 'Firebase: Error (auth/popup-closed-by-user).' })).toBe(true);
    expect(isIgnorable({ code: 'auth/cancelled-popup-request' })).toBe(true);
    expect(isIgnorable(new DOMException('The user aborted a request.', 'AbortError'))).toBe(true);
    expect(isIgnorable('User rejected the request')).toBe(true);
  });

  it("shows everything else: the server's refusals, wallet failures, unknown errors", () => {
    expect(isIgnorable({ code: 'RULE_VIOLATED', message: 'You are sending messages too quickly.' })).toBe(false);
    expect(isIgnorable({ code: 'INSUFFICIENT_BALANCE', message: 'Insufficient balance.' })).toBe(false);
    expect(isIgnorable(new Error('ERC20: transfer amount exceeds balance'))).toBe(false);
    expect(isIgnorable({ code: 'auth/account-exists-with-different-credential' })).toBe(false);
    expect(isIgnorable({ code: -13 })).toBe(false);
    expect(isIgnorable(null)).toBe(false);
    expect(isIgnorable(undefined)).toBe(false);
  });
});
