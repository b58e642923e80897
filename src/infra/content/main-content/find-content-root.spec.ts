import { pickedBy } from '../../../../test/unit/support/content-step.js';
import { findContentRoot } from './find-content-root.js';

const PROSE = 'Words of the article body, many of them. '.repeat(10);

const rootOf = (body: string) => pickedBy(findContentRoot, body);

describe('findContentRoot', () => {
  it('prefers the most specific marked container that holds enough of the text', () => {
    expect(rootOf(`<main id="m"><div class="entry-content" id="e"><p>${PROSE}</p></div><div>Teaser</div></main>`)).toBe('e');
    expect(rootOf(`<div id="x"><article id="a"><p>${PROSE}</p></article></div><div>Links</div>`)).toBe('a');
    expect(rootOf(`<div role="main" id="r"><p>${PROSE}</p></div>`)).toBe('r');
  });

  it('takes the largest of several matches', () => {
    expect(rootOf(`<article id="small"><p>Short teaser text.</p></article><article id="big"><p>${PROSE}</p></article>`)).toBe('big');
  });

  it('passes over a marked container with too little of the text, and falls back to the body', () => {
    expect(rootOf(`<article id="a"><p>Short.</p></article><div><p>${PROSE}</p></div>`)).toBe('body');
  });
});

describe('findContentRoot: repeated containers', () => {
  it('takes the parent of a forum\'s posts, each an article, when the others outweigh the largest', () => {
    const post = (id: string) => `<article id="${id}"><p>${PROSE}</p></article>`;
    expect(rootOf(`<div id="thread">${post('p1')}${post('p2')}${post('p3')}</div><div>Footer links</div>`)).toBe('thread');
  });

  it('keeps one article when its siblings are teasers', () => {
    expect(rootOf(`<div id="col"><article id="a"><p>${PROSE}</p></article><article id="t"><p>A teaser.</p></article></div>`)).toBe('a');
  });
});
