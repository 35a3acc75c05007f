import { describe, expect, it } from 'vitest';
import { streamCategoryOf, streamIds, streamPrefixes, type StreamCategory } from './streams.ts';

describe('stream ids', () => {
  it('keeps the ids the log already holds', () => {
    expect(streamIds.wallet('u1')).toBe('wallet-u1');
    expect(streamIds.chat('l1', 'u1')).toBe('chat-l1-u1');
    expect(streamIds.referralPair('zed', 'amy')).toBe('referral-pair-amy-zed');
    expect(streamIds.referralCode(' abc ')).toBe('referral-code-ABC');
    expect(streamIds.username('Mía_1')).toBe('username-m.6l.a_1');
    expect(streamIds.ledgerAudit()).toBe('ledger-audit');
    expect(streamIds.hostApplication('u1')).toBe('hostapplication-u1');
  });

  it('parses every kind of id back to its kind, the longest prefix first', () => {
    for (const category of Object.keys(streamPrefixes) as StreamCategory[]) {
      const build = streamIds[category] as (...keys: string[]) => string;
      const id = build('k1', 'k2');
      expect(streamCategoryOf(id)?.category, id).toBe(category);
    }
    expect(streamCategoryOf('referral-code-ABC')).toEqual({ category: 'referralCode', key: 'ABC' });
    expect(streamCategoryOf('referral-u1')).toEqual({ category: 'referral', key: 'u1' });
    expect(streamCategoryOf('agency-host-u1')).toEqual({ category: 'agencyHost', key: 'u1' });
    expect(streamCategoryOf('ledger-audit')).toEqual({ category: 'ledgerAudit', key: '' });
    expect(streamCategoryOf('lobbychat-1')).toBeNull();
    expect(streamCategoryOf('counter-a')).toBeNull();
  });
});
