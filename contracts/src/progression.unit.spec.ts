// The level curve (docs/decisions/progression.md): level L at 50 x L x (L - 1) EXP, capped at 99.
import { describe, expect, it } from 'vitest';
import { expForLevel, expPercentage, levelOf, missions, periodEnd, periodIdOf, quests } from './progression.ts';

describe('level curve', () => {
  it('needs 100 EXP for level 2 and 4,500 for level 10', () => {
    expect(expForLevel(1)).toBe(0);
    expect(expForLevel(2)).toBe(100);
    expect(expForLevel(5)).toBe(1000);
    expect(expForLevel(10)).toBe(4500);
  });
  it('reaches a level exactly at its threshold and not one EXP before', () => {
    for (let level = 2; level <= 99; level++) {
      expect(levelOf(expForLevel(level))).toBe(level);
      expect(levelOf(expForLevel(level) - 1)).toBe(level - 1);
    }
    expect(levelOf(0)).toBe(1);
    expect(levelOf(-5)).toBe(1);
  });
  it('caps at level 99, where progress is full', () => {
    expect(levelOf(expForLevel(99) * 10)).toBe(99);
    expect(expPercentage(expForLevel(99) + 1)).toBe(100);
  });
  it('gives the percentage to the next level', () => {
    expect(expPercentage(0)).toBe(0);
    expect(expPercentage(50)).toBe(50);
    expect(expPercentage(100)).toBe(0);
    expect(expPercentage(199)).toBe(49);
  });
});

describe('mission periods', () => {
  it('resets daily at 00:00 UTC and weekly on Monday 00:00 UTC', () => {
    const sunday = new Date('2026-11-29T23:59:59Z');
    expect(periodIdOf('daily', sunday)).toBe('2026-11-29');
    expect(periodIdOf('weekly', sunday)).toBe('2026-11-23');
    expect(periodEnd('daily', sunday).toISOString()).toBe('2026-11-30T00:00:00.000Z');
    expect(periodEnd('weekly', sunday).toISOString()).toBe('2026-11-30T00:00:00.000Z');
    expect(periodIdOf('weekly', new Date('2026-11-30T00:00:00Z'))).toBe('2026-11-30');
  });
  it('has unique ids across missions and quest steps', () => {
    const ids = [...missions.map((m) => m.id), ...quests.flatMap((q) => q.steps.map((s) => s.id))];
    expect(new Set(ids).size).toBe(ids.length);
  });
});
