import { describe, it, expect } from '@jest/globals';
import { capToBudget } from './model-budget.js';

describe('capToBudget', () => {
  const doc = ['# Title', '', 'Intro paragraph here.', '', '## Part one', '', 'Alpha beta gamma.', '', '## Part two', '', 'Delta epsilon.'].join('\n');

  it('returns text that fits unchanged', () => {
    expect(capToBudget(doc, doc.length)).toBe(doc);
  });

  it('cuts before the last heading that fits', () => {
    const cap = doc.indexOf('## Part two') + 20;
    const capped = capToBudget(doc, cap);
    expect(capped).toBe('# Title\n\nIntro paragraph here.\n\n## Part one\n\nAlpha beta gamma.\n\n[truncated]');
    expect(capped.length).toBeLessThanOrEqual(cap);
  });

  it('cuts at a blank line when the last heading would keep too little', () => {
    const text = ['# Head', '', '## Early', '', 'aaaa aaaa aaaa aaaa', '', 'bbbb bbbb bbbb bbbb', '', 'cccc cccc cccc cccc'].join('\n');
    expect(capToBudget(text, 71)).toBe('# Head\n\n## Early\n\naaaa aaaa aaaa aaaa\n\nbbbb bbbb bbbb bbbb\n\n[truncated]');
  });

  it('cuts at a space inside one long paragraph and never exceeds the cap', () => {
    const text = 'word '.repeat(40).trim();
    const capped = capToBudget(text, 50);
    expect(capped).toBe('word word word word word word word\n\n[truncated]');
    for (const cap of [13, 14, 20, 33, 50, 99]) expect(capToBudget(text, cap).length).toBeLessThanOrEqual(cap);
  });

  it('hard-cuts when the cap cannot even hold the marker', () => {
    expect(capToBudget('abcdefghijklmnop', 5)).toBe('abcde');
  });
});
