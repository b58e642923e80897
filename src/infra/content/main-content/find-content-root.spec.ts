import { pickedBy } from '../../../../test/unit/support/content-step.js';
import { parseDocument } from '../parse-document.js';
import { CONTENT_MARKS, findContentRoot } from './find-content-root.js';

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
  it('takes a thread whose first post is marked articleBody and its replies commentText together (Tapatalk)', () => {
    const reply = (id: string) => `<div class="post"><div itemprop="commentText" id="${id}"><p>${PROSE}</p></div></div>`;
    expect(rootOf(`<div id="thread"><div class="post"><div itemprop="articleBody" id="first"><p>${PROSE}</p></div></div>${reply('r1')}${reply('r2')}</div><nav><p>${PROSE}</p></nav>`)).toBe('thread');
  });


  it('takes the parent of a forum\'s posts, each an article, when the others outweigh the largest', () => {
    const post = (id: string) => `<article id="${id}"><p>${PROSE}</p></article>`;
    expect(rootOf(`<div id="thread">${post('p1')}${post('p2')}${post('p3')}</div><div>Footer links</div>`)).toBe('thread');
  });

  it('takes the thread of wrapped posts, each marked body inside its own box (cousins, not siblings)', () => {
    const post = (id: string) => `<div class="post"><div class="author">Name</div><div class="post-body" id="${id}"><p>${PROSE}</p></div></div>`;
    expect(rootOf(`<div id="thread">${post('p1')}${post('p2')}${post('p3')}</div><div>Footer links</div>`)).toBe('thread');
  });

  it('takes a thread of two posts alike, the shorter over a third of the longer', () => {
    const post = (id: string, words: string) => `<article class="post" id="${id}"><p>${words}</p></article>`;
    expect(rootOf(`<form id="feed">${post('p1', PROSE)}${post('p2', PROSE.slice(0, 200))}</form><div>Footer</div>`)).toBe('feed');
  });

  it('takes a thread of short dated replies that together, not each, hold a quarter of the page (XenForo)', () => {
    const reply = `<article class="message"><time>Jul 18, 2024</time><p>${PROSE.slice(0, 120)}</p></article>`;
    const menus = `<nav><div class="menu">${PROSE.repeat(2)}</div></nav>`;
    expect(rootOf(`${menus}<div id="thread">${reply.repeat(6)}</div>`)).toBe('thread');
    expect(rootOf(`${menus}<div id="grid">${reply.replace(/<time>.*<\/time>/, '').repeat(6)}</div>`)).toBe('body');
  });

  it('keeps one article when its siblings are teasers', () => {
    expect(rootOf(`<div id="col"><article id="a"><p>${PROSE}</p></article><article id="t"><p>A teaser.</p></article></div>`)).toBe('a');
    const teaser = `<article class="teaser"><p>${PROSE.slice(0, 100)}</p></article>`;
    const story = `<div><article class="teaser story" id="a"><p>${PROSE}</p></article></div>`;
    expect(rootOf(`<div id="page">${story}<div>${teaser.repeat(2)}</div></div>`)).toBe('a');
  });
});

describe('CONTENT_MARKS', () => {
  const SELECTORS = [
    '[itemprop="articleBody"], [itemprop="commentText"]',
    '.entry-content, .post-content, .article-content, .article-body, .article__body, .post-body, .story-body, .content-body',
    'article',
    'main, [role="main"]',
    '#content, #main-content, #main, .main-content',
  ];
  const PAGE = [
    '<div itemprop="articleBody"></div><div itemprop="articlebody"></div><div itemprop="articleBody x"></div><div itemprop="commentText"></div>',
    '<div class="x entry-content"></div><div class="entry-contents"></div><div class="Entry-Content"></div><div class="a\u00a0post-body"></div>',
    '<div class="article__body\tother"></div><div class="my-story-body"></div><p class="content-body"></p>',
    '<ARTICLE></ARTICLE><article class="post-content"></article><main></main><div role="main"></div><div role="Main"></div>',
    '<div id="content"></div><div id="Content"></div><div id="main"></div><div id="main-content"></div><span class="main-content"></span>',
    '<template><article></article></template><section><div id="main"><article></article></div></section>',
  ].join('');

  it('marks the elements each selector of the tier finds, in document order', () => {
    const body = parseDocument(`<body>${PAGE}</body>`).body;
    const all = [...body.querySelectorAll('*')];
    CONTENT_MARKS.forEach((isMarked, tier) => {
      expect(all.filter(isMarked)).toEqual([...body.querySelectorAll(SELECTORS[tier])]);
      expect(all.filter(isMarked).length).toBeGreaterThan(0);
    });
  });
});
