import { parseDocument } from '../parse-document.js';
import { removeBoilerplate } from './remove-boilerplate.js';
import { measureText } from './text-stats.js';

const PROSE = 'Prose of the story that is long enough to matter. '.repeat(6);

function clean(body: string): Document {
  const document = parseDocument(`<body>${body}</body>`);
  removeBoilerplate(document.body, measureText(document.body));
  return document;
}

const ids = (document: Document) => [...document.querySelectorAll('[id]')].map((element) => element.id);

describe('removeBoilerplate', () => {
  it('removes navigation, sidebars, footers, forms and banners by tag and ARIA role', () => {
    const document = clean(`<nav id="n">Home</nav><aside id="a">More</aside><div id="main"><p id="p">${PROSE}</p></div>
      <footer id="f">(c)</footer><form id="s">Search</form><div role="navigation" id="r">Menu</div><div role="contentinfo" id="ci">x</div>`);
    expect(ids(document)).toEqual(['main', 'p']);
  });

  it('removes a footer after the headline even when it holds most of the text (testimonials written twice)', () => {
    const document = clean(`<div id="c"><h1 id="h">Dress</h1><p id="p">${PROSE}</p></div>
      <footer id="f"><p id="t1">${PROSE}</p><p id="t2">${PROSE}</p></footer>`);
    expect(ids(document)).toEqual(['c', 'h', 'p']);
  });

  it('removes a widget\'s tab list, but keeps an accordion written as a tablist that holds its panels', () => {
    const document = clean(`<div id="main"><p id="p">${PROSE}</p><ul role="tablist" id="tabs"><li role="tab">Specs</li><li role="tab">Care</li></ul>
      <div role="tablist" id="acc"><div role="tab" id="t1">Step 1</div><div role="tabpanel" id="p1"><p>Book a visit.</p></div></div></div>`);
    expect(ids(document)).toEqual(['main', 'p', 'acc', 't1', 'p1']);
  });

  it('removes cookie banners, share bars, comments, related links and ads by class or id words', () => {
    const document = clean(`<div id="main"><p id="p">${PROSE}</p></div><div class="cookie-banner" id="c">We use cookies</div>
      <ul class="share-buttons" id="s"><li>Share</li></ul><section id="comments">Nice post</section>
      <div class="related-posts" id="rel">Other stories</div><div class="ad-slot" id="ad">Buy</div>`);
    expect(ids(document)).toEqual(['main', 'p']);
  });

  it('keeps a code block whatever its wrapper is called (Prism\'s code-toolbar), and a part\'s header or footer inside the article, not the page\'s', () => {
    const document = clean(`<div class="c-header" id="sh">Logo</div><div class="header__inner" id="hi">Menu</div><main id="m"><p id="p">${PROSE}</p>
      <div class="code-toolbar" id="code"><pre id="pre">ls -la</pre><div class="toolbar" id="tb"><button>Copy</button></div></div>
      <div class="card" id="card"><div class="card-header" id="ch"><h3 id="h3">Card</h3></div></div><div class="table-header" id="th"><p id="tp">Results</p></div>
      <div class="card-footer" id="cf">Updated</div><div class="page-header" id="ph">Top</div></main><div class="c-footer" id="cf2">(c)</div>`);
    expect(ids(document)).toEqual(['m', 'p', 'code', 'pre', 'card', 'ch', 'h3', 'th', 'tp', 'cf']);
  });

  it('drops furniture that holds a short listing among more text of its own (a menu with an install snippet)', () => {
    const links = Array.from({ length: 12 }, (_, i) => `<a href="/guide/${i}">Chapter ${i} of the guide</a>`).join(' ');
    const document = clean(`<main id="m"><p id="p">${PROSE}</p><div class="menu" id="menu">${links}<pre id="snippet">pip install x</pre></div></main>`);
    expect(ids(document)).toEqual(['m', 'p']);
  });

  it('removes forum signatures and shop rails (upsells, cross-sells, recently viewed, "you may also like")', () => {
    const document = clean(`<div id="main"><p id="p">${PROSE}</p><div class="signature" id="sig">My rig: a PC</div></div>
      <section class="upsells" id="up">Add a case</section><div class="cross-sells" id="cs">Cables</div>
      <div class="recently-viewed" id="rv">Shoes</div><div class="you-may-also-like" id="ml">Socks</div>`);
    expect(ids(document)).toEqual(['main', 'p']);
  });

  it('keeps the comments of a discussion, where they hold much of the page, and drops them under an article', () => {
    const comment = (id: string) => `<div class="comment" id="${id}"><p>${PROSE}</p></div>`;
    const thread = clean(`<div id="q"><p>${PROSE}</p></div>${comment('c1')}${comment('c2')}${comment('c3')}${comment('c4')}`);
    expect(ids(thread)).toEqual(['q', 'c1', 'c2', 'c3', 'c4']);
    const article = clean(`<div id="main"><p>${PROSE.repeat(8)}</p></div>${comment('c1')}${comment('c2')}`);
    expect(ids(article)).toEqual(['main']);
  });

  it('drops the comments under a post with prose of its own even when they outweigh it (a blog post under a long thread)', () => {
    const comments = Array.from({ length: 12 }, (_, index) => `<div class="comment" id="c${index}"><p>${PROSE}</p></div>`).join('');
    const post = clean(`<div id="post"><p>${PROSE}</p><p>${PROSE}</p><p>${PROSE}</p><p>${PROSE}</p><p>${PROSE}</p><p>${PROSE}</p><p>${PROSE}</p></div><section id="comments">${comments}</section>`);
    expect(ids(post)).toEqual(['post']);
  });

  it('keeps the replies of a page that says it is a discussion when they hold half of it without its menus, however long the first post (WallStreetOasis)', () => {
    const html = `<nav id="n">${'<a href="/">A forum section of the site</a>'.repeat(80)}</nav><div id="post">${`<p>${PROSE}</p>`.repeat(7)}</div>`
      + Array.from({ length: 8 }, (_, index) => `<div class="comment" id="c${index}"><p>${PROSE}</p></div>`).join('');
    const cleanAs = (threadPage: boolean) => {
      const document = parseDocument(`<body>${html}</body>`);
      removeBoilerplate(document.body, measureText(document.body), { threadPage });
      return ids(document);
    };
    expect(cleanAs(true)).toEqual(['post', 'c0', 'c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7']);
    expect(cleanAs(false)).toEqual(['post']);
  });

  it('drops a blog\'s comment area (WordPress comment-list) under a short post, where a forum thread would be kept', () => {
    const comments = Array.from({ length: 6 }, (_, index) => `<li class="comment" id="c${index}"><p>${PROSE}</p></li>`).join('');
    const post = clean(`<div id="post"><p>${PROSE}</p></div><div id="comments" class="comments-area"><ol class="comment-list">${comments}</ol></div>`);
    expect(ids(post)).toEqual(['post']);
  });

  it('drops boilerplate outside the page\'s main landmark whatever its size (a footer of legal modals), and reads shares without the consent dialog', () => {
    const modals = `<footer id="f"><div id="terms"><p>${PROSE.repeat(20)}</p></div></footer>`;
    expect(ids(clean(`<main id="m"><h1>Shop</h1><p id="p">${PROSE}${PROSE}</p></main>${modals}`))).toEqual(['m', 'p']);
    const forum = clean(`<div id="onetrust-consent-sdk"><p>${PROSE.repeat(8)}</p></div><div id="x"><form id="posts"><p>${PROSE}</p><p>${PROSE}</p></form></div><nav id="n">${'<a href="/">Home</a>'.repeat(5)}</nav>`);
    expect(ids(forum)).toEqual(['x', 'posts']);
  });

  it('removes a consent manager whatever its size, and reads ad words only at the start of a class', () => {
    const document = clean(`<div id="onetrust-consent-sdk"><p>${PROSE}${PROSE}</p></div><div id="main"><p>${PROSE}</p></div>
      <div class="card hide-read-more-ad" id="card"><p>A story teaser of its own.</p></div><div class="ad-slot">Buy</div>`);
    expect(ids(document)).toEqual(['main', 'card']);
  });

  it('reveals streamed content instead of removing it as hidden', () => {
    expect(ids(clean(`<div hidden id="S:0"><p id="p">${PROSE}</p></div>`))).toEqual(['S:0', 'p']);
  });

  it('reveals a hidden wrapper of most of the page (shown by a script)', () => {
    const document = clean(`<div id="lock" style="color: red; display:none;"><p id="p">${PROSE}</p></div><div hidden id="h">x</div>`);
    expect(ids(document)).toEqual(['lock', 'p']);
    expect(document.getElementById('lock')!.getAttribute('style')).toBe('color: red;');
  });

  it('removes hidden elements', () => {
    const document = clean(`<div id="main"><p id="p">${PROSE}</p><div hidden id="h">x</div><div style="display: none" id="d">y</div><span aria-hidden="true" id="ah">z</span></div>`);
    expect(ids(document)).toEqual(['main', 'p']);
  });

  it('keeps an element whose content words outweigh its boilerplate words', () => {
    const document = clean(`<div class="sidebar-content post-body" id="main"><p id="p">${PROSE}</p></div>`);
    expect(ids(document)).toEqual(['main', 'p']);
  });

  it('keeps a layout named for its sidebar (c-layout-sidebar-left), the wrapper of the content column, and drops the sidebar', () => {
    const other = `<div id="other">${PROSE.repeat(4)}</div>`;
    const document = clean(`<main id="m"><div class="c-layout-sidebar-left" id="l"><div class="sidebar" id="s">Menu</div>
      <div class="c-layout-main" id="c"><p id="p">${PROSE}</p></div></div></main>${other}`);
    expect(ids(document)).toEqual(['m', 'l', 'c', 'p', 'other']);
  });

  it('keeps a boilerplate-named wrapper that holds most of the page or its prose, and a header with the headline', () => {
    const document = clean(`<div class="has-sidebar" id="w"><header id="hh"><h1>Title</h1></header><p>${PROSE}</p></div><div class="menu">Home About</div>`);
    expect(ids(document)).toEqual(['w', 'hh']);
    const column = clean(`<section class="sidebar-first" id="col"><p>${PROSE}</p></section><div id="rest"><p>${PROSE}</p><p>${PROSE}</p></div>`);
    expect(ids(column)).toEqual(['col', 'rest']);
  });

  it('reads a name-only boilerplate box\'s share of the page without its header, footer and menus (a promo box of the services under a mega menu)', () => {
    const menu = '<a href="/x">Services and industries</a> '.repeat(16);
    const cards = '<a href="/s">Assurance: audit services</a> '.repeat(11);
    const page = (box: string) =>
      `<div class="site-header" id="h">${menu}</div><div id="main">${box}<p id="p">${'Our services help you grow. '.repeat(4)}</p></div><footer id="f">(c) 2025</footer>`;
    expect(ids(clean(page(`<div class="promo-container" id="promo">${cards}</div>`)))).toEqual(['main', 'promo', 'p']);
    // A form, boilerplate by its tag, is still measured against the whole page.
    expect(ids(clean(page(`<form id="promo">${cards}</form>`)))).toEqual(['main', 'p']);
  });

  it('keeps the cards of a promo box kept as the page\'s wrapper, each too small to be kept for itself (Deloitte\'s services)', () => {
    const cards = Array.from({ length: 6 }, (_, index) => `<div class="promo cmp-promo__services" id="s${index}"><p>${PROSE}</p></div>`).join('');
    const document = clean(`<div class="cmp-promo-container" id="box"><h2>Our services</h2>${cards}</div><div class="promo" id="p"><p>Sign up</p></div><div id="x"><p>${PROSE}</p></div>`);
    expect(ids(document)).toEqual(['box', 's0', 's1', 's2', 's3', 's4', 's5', 'x']);
  });

  it('drops a site header but keeps headers inside an article', () => {
    const document = clean(`<header id="site">Logo Menu</header><article id="art"><header id="ah">Posted today</header><p>${PROSE}</p></article>`);
    expect(ids(document)).toEqual(['art', 'ah']);
  });
});

describe('removeBoilerplate: collapsed panels and comment names', () => {
  it('reveals a hidden tab or accordion panel instead of dropping it', () => {
    const document = clean(`<div id="main"><p id="p">${PROSE}</p><div role="tabpanel" id="spec" hidden><p>Weight 2 kg</p></div>
      <div class="accordion-content" id="faq" style="display:none"><p>Yes, it ships.</p></div><div id="x" hidden>Hidden</div></div>`);
    expect(ids(document)).toEqual(['main', 'p', 'spec', 'faq']);
    expect(document.getElementById('spec')!.hasAttribute('hidden')).toBe(false);
  });

  it('drops a comment thread whose name ends in comments even when a content word leads it (entry-comments)', () => {
    const document = clean(`<div id="main"><p id="p">${PROSE.repeat(8)}</p></div><div class="entry-comments" id="c"><p>${PROSE}</p></div>`);
    expect(ids(document)).toEqual(['main', 'p']);
  });
});
