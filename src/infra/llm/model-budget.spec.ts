import { describe, it, expect } from '@jest/globals';
import { capToBudget, TRUNCATED_MARKER } from './model-budget.js';

/** The text a capped answer kept, without its marker. */
const kept = (capped: string) => capped.slice(0, capped.length - `\n\n${TRUNCATED_MARKER}`.length);

describe('capToBudget (decisions.md 2: the model reads at least the first LLM_MAX_INPUT_CHARS characters)', () => {
  const doc = ['# Title', '', 'Intro paragraph here.', '', '## Part one', '', 'Alpha beta gamma.', '', '## Part two', '', 'Delta epsilon.'].join('\n');

  it('returns text that fits unchanged', () => {
    expect(capToBudget(doc, doc.length)).toBe(doc);
  });

  it('keeps the budget and ends before the next heading when one follows within a tenth more', () => {
    const cap = doc.indexOf('## Part two') - 2;
    expect(capToBudget(doc, cap)).toBe('# Title\n\nIntro paragraph here.\n\n## Part one\n\nAlpha beta gamma.\n\n[truncated]');
  });

  it('ends at a blank line, else a line break, else a space, at or past the budget', () => {
    const text = ['# Head', '', 'aaaa aaaa aaaa aaaa', '', 'bbbb bbbb bbbb bbbb', 'cccc cccc cccc cccc'].join('\n');
    expect(capToBudget(text, text.indexOf('\n\nbbbb') - 1)).toBe('# Head\n\naaaa aaaa aaaa aaaa\n\n[truncated]');
    expect(capToBudget(text, text.indexOf('\ncccc') - 1)).toBe('# Head\n\naaaa aaaa aaaa aaaa\n\nbbbb bbbb bbbb bbbb\n\n[truncated]');
    expect(capToBudget('word '.repeat(40).trim(), 50)).toBe('word word word word word word word word word word word\n\n[truncated]');
  });

  it('always keeps at least the first maxChars characters, and at most a tenth more', () => {
    const text = `${'word '.repeat(300)}\n\n## Later\n\n${'x'.repeat(500)}`;
    for (const cap of [1, 5, 13, 50, 99, 1000, 1507]) {
      const capped = capToBudget(text, cap);
      expect(text.startsWith(kept(capped))).toBe(true);
      expect(kept(capped).length).toBeGreaterThanOrEqual(cap);
      expect(kept(capped).length).toBeLessThanOrEqual(cap + Math.ceil(cap / 10));
    }
  });

  it('cuts at the budget itself where no boundary is near', () => {
    expect(capToBudget('abcdefghijklmnop', 5)).toBe('abcde\n\n[truncated]');
  });

  it('counts characters as code points, as the contracts do: astral characters are one each, not two', () => {
    const emoji = '\u{1F600}'.repeat(10);
    expect(capToBudget(emoji, 10)).toBe(emoji);
    expect(capToBudget(`${emoji}${emoji}`, 10)).toBe(`${emoji}\n\n[truncated]`);
    expect(capToBudget(`${'\u{20000}'.repeat(12)} tail`, 11)).toBe(`${'\u{20000}'.repeat(12)}\n\n[truncated]`);
  });

  it('never cuts between the two halves of a surrogate pair where no boundary is near', () => {
    const capped = capToBudget(`a${'\u{1F600}'.repeat(30)}`, 2);
    expect(capped).toBe('a\u{1F600}\n\n[truncated]');
    // No lone high surrogate before the marker, which a strict JSON parser on the model's server refuses.
    expect(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.test(capped)).toBe(false);
  });
});
