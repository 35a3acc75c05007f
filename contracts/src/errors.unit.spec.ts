import { describe, expect, it } from 'vitest';
import { formatText, texts } from './errors.ts';

describe('spec texts', () => {
  it('fills the template holes and leaves unknown ones', () => {
    expect(formatText(texts.amountBetween, { min: 10, max: 1000 })).toBe('Amount must be between 10 and 1000');
    expect(formatText(texts.maxChars, {})).toBe('This field must not be more than {n} characters.');
  });
});
