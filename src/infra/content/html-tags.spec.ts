import { BLOCK_TAGS, BOILERPLATE_TAGS, HEAD_TAGS, INNER_BLOCK_TAGS, REMOVED_TAGS, SKIPPED_TAGS } from './html-tags.js';

const lowerCase = (tags: Iterable<string>) => [...tags].every((tag) => tag === tag.toLowerCase());

describe('html-tags: the content code\'s tag lists, each defined once', () => {
  it('names tags in lower case, as parseDocument reads them', () => {
    for (const list of [REMOVED_TAGS, HEAD_TAGS, SKIPPED_TAGS, BLOCK_TAGS, BOILERPLATE_TAGS]) expect(lowerCase(list)).toBe(true);
  });

  it('skips in rendering everything the cleaning removes', () => {
    for (const tag of REMOVED_TAGS) expect(SKIPPED_TAGS.has(tag)).toBe(true);
  });

  it('treats the sectioning landmarks, forms and embedded content as boilerplate, never the article or main', () => {
    for (const tag of ['nav', 'aside', 'footer', 'form', 'iframe', 'svg']) expect(BOILERPLATE_TAGS.has(tag)).toBe(true);
    for (const tag of ['article', 'main', 'section', 'p', 'div']) expect(BOILERPLATE_TAGS.has(tag)).toBe(false);
  });

  it('lays out the block tags as blocks, and the inner ones leave out the root elements', () => {
    for (const tag of ['p', 'div', 'li', 'h1', 'pre', 'table']) expect(BLOCK_TAGS.has(tag)).toBe(true);
    for (const tag of ['span', 'a', 'em']) expect(BLOCK_TAGS.has(tag)).toBe(false);
    expect([INNER_BLOCK_TAGS.has('body'), INNER_BLOCK_TAGS.has('html'), INNER_BLOCK_TAGS.has('p')]).toEqual([false, false, true]);
  });
});
