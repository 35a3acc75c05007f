import { describe, expect, it } from 'vitest';
import { consoleSections, sectionsFor } from './sections.ts';

describe('console sections', () => {
  it('opens to admins and to no one without a console role', () => {
    expect(sectionsFor(['co', 'ad']).map((s) => s.key)).toEqual(consoleSections.filter((s) => s.roles.includes('ad')).map((s) => s.key));
    expect(sectionsFor(['co'])).toEqual([]);
    expect(sectionsFor(['co', 'ag', 'cr', 'h'])).toEqual([]);
  });
  it('gives an auditor the ledger proof section alone', () => {
    expect(sectionsFor(['co', 'au']).map((s) => s.key)).toEqual(['ledger-proof']);
  });
  it('gives every section a distinct key and path', () => {
    expect(new Set(consoleSections.map((s) => s.key)).size).toBe(consoleSections.length);
    expect(new Set(consoleSections.map((s) => s.path)).size).toBe(consoleSections.length);
  });
});
