import { parseDocument } from '../parse-document.js';
import { selectMainContent } from './select-main-content.js';

const STORY = `<p>${'The story goes on with its own words. '.repeat(10)}</p>`;
const text = (elements: Element[]) => elements.map((element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim());

describe('selectMainContent', () => {
  it('keeps the article body and its headline, without navigation, share bar, comments, related links or footer', () => {
    const document = parseDocument(`<body><header class="site-header"><a href="/">Logo</a><nav>Home News</nav></header>
      <div class="cookie-consent">We use cookies <button>OK</button></div>
      <div class="layout"><h1>The headline</h1><div class="share-bar">Share Tweet</div>
      <div class="entry-content">${STORY}${STORY}<h2>Part two</h2>${STORY}</div>
      <section class="comments"><p>First!</p></section><aside>Popular</aside>
      <div class="related-posts"><a href="/b">Another story</a></div></div><footer>(c) 2026</footer></body>`);
    const kept = selectMainContent(document);
    expect(kept.map((element) => element.localName)).toEqual(['h1', 'div']);
    expect(text(kept)[0]).toBe('The headline');
    expect(text(kept)[1]).toMatch(/^The story goes on .* Part two ?The story goes on/);
    expect(text(kept).join(' ')).not.toMatch(/Logo|Home|cookies|Share|First|Popular|Another|\(c\)/);
  });

  it('keeps the body of a page without any marked container, less its boilerplate', () => {
    const document = parseDocument('<body><nav>Menu</nav><div><h2>Prices</h2><ul><li>Basic $5</li><li>Pro $9</li></ul></div><footer>Legal</footer></body>');
    const kept = selectMainContent(document);
    expect(kept).toEqual([document.body]);
    expect(text(kept)).toEqual(['PricesBasic $5Pro $9']);
  });

  it('finds the body when a stray element stands before the head', () => {
    const document = parseDocument(`<!doctype html><html><meta charset="utf-8"><head><title>t</title></head><body><main>${STORY}</main></body></html>`);
    expect(text(selectMainContent(document))[0]).toMatch(/^The story goes on/);
  });

  it('takes the body of the root, not the body of a document nested in the page', () => {
    const document = parseDocument(`<!doctype html><html><head><title>t</title><html><body><p>Embedded</p></body></html></head><body><main>${STORY}</main></body></html>`);
    expect(text(selectMainContent(document)).join(' ')).toMatch(/The story goes on/);
  });

  it('adds a long description lying outside the chosen container, in document order', () => {
    const document = parseDocument(`<body><nav>Menu</nav><main><h1>Grills</h1>${STORY}</main>
      <div class="wrap"><div class="row description_longue">${STORY}${STORY}</div></div><footer>Legal</footer></body>`);
    const kept = selectMainContent(document);
    expect(kept.map((element) => element.localName)).toEqual(['main', 'div']);
    expect(kept[1].className).toBe('row description_longue');
  });
});

describe('selectMainContent: the headline (decisions.md 8.1: the main content includes the article\'s headline)', () => {
  it('joins the content however deep it sits, ahead of the content it precedes', () => {
    const document = parseDocument(`<body><nav>Menu</nav><div class="hero"><div><div><h1>Deep headline</h1></div></div></div>
      <article>${STORY}</article><footer>Legal</footer></body>`);
    const kept = selectMainContent(document);
    expect(kept.map((element) => element.localName)).toEqual(['h1', 'article']);
  });

  it('follows the content it comes after, in the page\'s order', () => {
    const document = parseDocument(`<body><article>${STORY}</article><div class="gallery"><h1>Late headline</h1></div></body>`);
    const kept = selectMainContent(document);
    expect(kept.map((element) => element.localName)).toEqual(['article', 'h1']);
  });
});

describe('selectMainContent: the second pass', () => {
  it('retries without class and id words when the first pass keeps almost nothing of a page whose prose it removed', () => {
    // Under a boilerplate word, the story is a minor share of a page that two menus fill: the first pass keeps the lead alone.
    const menu = `<nav>${'<a href="/x">Menu entry</a> '.repeat(150)}</nav>`;
    const document = parseDocument(`<body><main>${menu}<article><h1>Title</h1><p>The lead.</p></article>
      <div class="promo-box">${STORY}${STORY}</div>${menu}</main><footer>Legal</footer></body>`);
    const kept = text(selectMainContent(document)).join(' ');
    expect(kept).toMatch(/^Title The story goes on/);
    expect(kept).not.toMatch(/Menu entry/);
    expect(kept).not.toMatch(/Legal/);
  });

  it('keeps a short page short: no second pass when what was removed is not prose', () => {
    const document = parseDocument(`<body><main><h1>Sign in</h1><p>Enter your email.</p></main><div class="promo"><a href="/a">Deals</a> <a href="/b">More deals</a></div></body>`);
    expect(text(selectMainContent(document)).join(' ')).toMatch(/^Sign in ?Enter your email\.$/);
  });
});
