import { describe, expect, it } from 'vitest';
import { seedSummary } from './run.ts';

describe("npm start's word on the demo data", () => {
  it('names the parts loaded', () => {
    expect(seedSummary(['identity', 'lobbies'], [])).toBe('Demo data loaded (identity, lobbies).');
  });

  it('does not claim a failed part was loaded, and says how to load it again', () => {
    // The dev SMTP port taken by another process: identity failed, yet the line listed it as loaded.
    const said = seedSummary(['identity', 'lobbies', 'referral'], ['identity', 'referral']);
    expect(said).toMatch(/^Demo data loaded \(lobbies\)\. Not loaded: identity, referral \(see above\)\./);
    expect(said).toContain('delete .data/ and run npm start again');
  });
});
