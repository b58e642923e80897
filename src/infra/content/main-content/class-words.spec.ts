import { describe, expect, it } from '@jest/globals';
import { AD, BOILERPLATE, CHROME, ClassWords, COMMENT, COMMENT_HEADED, CONSENT, CONTENT, PART, SIDEBAR_LAYOUT } from './class-words.js';

describe('ClassWords: the clean step\'s word patterns a class and id text matches', () => {
  it('sets one bit a matching pattern', () => {
    const words = new ClassWords();
    expect(words.of('cookie-banner ')).toBe(CONSENT | BOILERPLATE);
    expect(words.of('post-comments comments')).toBe(COMMENT | CONTENT | COMMENT_HEADED);
    expect(words.of('site-header ')).toBe(CHROME | BOILERPLATE | PART);
    expect(words.of('has-sidebar sidebar')).toBe(SIDEBAR_LAYOUT | BOILERPLATE);
    expect(words.of('ad-slot ')).toBe(AD);
    expect(words.of('card item')).toBe(0);
  });

  it('reads header and footer as page furniture alone, leading a token or after a word of the page\'s, and as a part\'s word elsewhere', () => {
    const words = new ClassWords();
    expect(words.of('header ')).toBe(CHROME | BOILERPLATE);
    expect(words.of('header__inner ')).toBe(BOILERPLATE);
    expect(words.of('global-footer ')).toBe(BOILERPLATE | PART);
    expect(words.of('card-header ')).toBe(PART);
    expect(words.of('table-header ')).toBe(PART);
    expect(words.of('code-toolbar ')).toBe(BOILERPLATE);
  });

  it('answers nothing of an element without attributes, and the same of the same text asked again', () => {
    const words = new ClassWords();
    expect(words.of(' ')).toBe(0);
    expect(words.of('entry-content main')).toBe(CONTENT);
    expect(words.of('entry-content main')).toBe(CONTENT);
  });
});
