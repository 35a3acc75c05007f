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

  it('answers for every id built around every prefix as trying each prefix, longest first, would', () => {
    const prefixes = Object.entries(streamPrefixes).sort((a, b) => b[1].length - a[1].length);
    const byTryingEach = (id: string) => {
      for (const [category, prefix] of prefixes) {
        if (id === prefix) return { category, key: '' };
        if (id.startsWith(`${prefix}-`)) return { category, key: id.slice(prefix.length + 1) };
      }
      return null;
    };
    const ids = prefixes.flatMap(([, p]) => [p, `${p}-`, `${p}-a-b`, `${p}x-1`, p.slice(0, -1), `${p.slice(0, -1)}-1`, `x${p}-1`]);
    expect(ids.length).toBeGreaterThan(100);
    for (const id of [...ids, '', '-', '-wallet', 'wallet--']) expect(streamCategoryOf(id), id).toEqual(byTryingEach(id));
  });
});
