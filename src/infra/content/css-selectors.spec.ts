import { describe, expect, it } from '@jest/globals';
import { isBrowserSelector, parseSelectorList } from './css-selectors.js';

/** What Chromium's querySelector takes (checked by hand in Chromium's console): the rule every caller's selector meets. */
describe('isBrowserSelector', () => {
  it.each(['p', 'a[href]', 'p:first-child', 'li:nth-child(2n+1)', 'a:not(.x)', 'div:has(> p)', 'input:checked', ':is(h1, h2)',
    'p:first-of-type', '[data-x="a > b"]', 'a[title=":contains(x)"]', '.-x', '#main .card > h2 + p ~ span'])('takes %j', (selector) => {
    expect(isBrowserSelector(selector)).toBe(true);
  });

  it.each([
    'p:first', 'p:nope', 'p:nth-child(x)', // unknown pseudo-classes: css-what parses them
    'p >', '> p', 'a ~', 'a,', // a dangling combinator or an empty part
    '..x', '#1a', '.5', // a class or id that is no identifier
    'p:contains(x)', 'div:parent', 'input:text', // css-select's jQuery extensions
    'p::before', '*|p', 'p[',
  ])('refuses %j', (selector) => {
    expect(isBrowserSelector(selector)).toBe(false);
  });
});

describe('parseSelectorList (include_selectors, exclude_selectors)', () => {
  it('counts its 1,000 characters as code points: an emoji is one (decisions 8.1)', () => {
    const withEmoji = `p:not(.${'x'.repeat(991)}😀)`;
    expect([...withEmoji]).toHaveLength(1000);
    expect(parseSelectorList(withEmoji)).toEqual({ selectors: [withEmoji] });
    expect(parseSelectorList(`p:not(.${'x'.repeat(992)}😀)`)).toEqual({ problem: 'must be at most 1000 characters' });
  });

  it('splits on the top-level commas only', () => {
    expect(parseSelectorList('article, :is(h1, h2), [title="a,b"]')).toEqual({ selectors: ['article', ':is(h1, h2)', '[title="a,b"]'] });
  });

  it('refuses a list holding a selector a browser refuses, naming it', () => {
    expect(parseSelectorList('article, p >')).toEqual({ problem: 'holds a selector a browser would refuse: p > ' });
  });
});
