import { snippetRate, tokenize, wordF1 } from '../../bench/wcxb/word-f1.js';

// Expected values are what WCXB's evaluate.py answers for the same inputs.
describe('WCXB word-bag F1 (port of evaluate.py)', () => {
  it('tokenizes like Python\'s lower-case \\w+, combining marks splitting words', () => {
    expect(tokenize('Éte_1 naïve—co-op 3.5 हिन्दी 東京')).toEqual(['éte_1', 'naïve', 'co', 'op', '3', '5', 'ह', 'न', 'द', '東京']);
  });

  it('scores the multiset overlap', () => {
    const score = wordF1('The cat sat on the mat, the end.', 'the cat sat on a mat');
    expect(score.precision).toBe(0.625);
    expect(score.recall).toBeCloseTo(0.8333333333333334, 15);
    expect(score.f1).toBeCloseTo(0.7142857142857143, 15);
  });

  it('scores empty texts as evaluate.py does', () => {
    expect(wordF1('', 'x')).toEqual({ precision: 0, recall: 0, f1: 0 });
    expect(wordF1('', '')).toEqual({ precision: 1, recall: 1, f1: 1 });
    expect(wordF1('a', '')).toEqual({ precision: 0, recall: 0, f1: 0 });
  });

  it('gives the share of snippets found case-insensitively', () => {
    expect(snippetRate('Hello World', ['hello', 'WORLD x'])).toBe(0.5);
    expect(snippetRate('anything', [])).toBe(1);
  });
});
