import { describe, expect, it } from '@jest/globals';
import { parseSelectorList } from './css-selectors.js';
import { describePage, renderPageContent } from './page-content.js';

const URL_ = 'https://news.example/a/story?id=1';
const request = (overrides: object = {}) => ({ format: 'markdown' as const, mainContent: false, includeSelectors: [], excludeSelectors: [], ...overrides });

const PAGE = `<!doctype html><html lang="en-GB"><head><title> Page  title </title>
<meta property="og:title" content="OG title"><meta name="description" content="Meta description">
<meta name="author" content="Meta Author"><link rel="canonical" href="/canonical">
<script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"NewsArticle","headline":"LD headline","datePublished":"2026-11-01T10:00:00Z","author":[{"@type":"Person","name":"LD Author"}],"publisher":{"@type":"Organization","name":"LD News"},"image":{"url":"/img/lead.jpg"}}]}</script>
</head><body><nav><a href="/home">Home</a></nav><article><h1>Story</h1><p onclick="x()">Words <a href="#top">here</a> and <a href="/b#c">there</a>.</p></article>
<aside class="ad">Buy <a href="https://shop.example/">now</a> <a href="/home#x">Home again</a> <a href="mailto:a@b">mail</a></aside><!-- note --></body></html>`;

describe('describePage (decisions.md 8.1 output=json)', () => {
  it('reads metadata by precedence: Open Graph, then JSON-LD, then <meta name>, then <title>', () => {
    expect(describePage(PAGE, URL_, request()).metadata).toEqual({
      title: 'OG title',
      description: 'Meta description',
      language: 'en-GB',
      author: 'LD Author',
      published_time: '2026-11-01T10:00:00Z',
      site_name: 'LD News',
      canonical_url: 'https://news.example/canonical',
      image: 'https://news.example/img/lead.jpg',
      word_count: 11,
    });
  });

  it('reads JSON-LD from the nodes that describe the page, not a site-wide Organization or WebSite (a Yoast @graph), @id references resolved', () => {
    const graph = [
      { '@type': 'Organization', '@id': 'https://bakery.example/#organization', name: 'Bakery Inc', url: 'https://bakery.example/', description: 'We are a bakery.' },
      { '@type': 'WebSite', '@id': 'https://bakery.example/#website', url: 'https://bakery.example/', name: 'Bakery Blog', publisher: { '@id': 'https://bakery.example/#organization' }, inLanguage: 'en-US' },
      { '@type': 'WebPage', '@id': 'https://bakery.example/bread/#webpage', url: 'https://bakery.example/bread/', name: 'How to bake bread - Bakery Blog', datePublished: '2024-01-02' },
      { '@type': 'Article', '@id': 'https://bakery.example/bread/#article', headline: 'How to bake bread', author: { '@id': 'https://bakery.example/#/person/abc' }, publisher: { '@id': 'https://bakery.example/#organization' } },
      { '@type': 'Person', '@id': 'https://bakery.example/#/person/abc', name: 'Jane Baker' },
    ];
    const page = `<html><head><title>How to bake bread - Bakery Blog</title><link rel="canonical" href="https://bakery.example/bread/">
<meta name="description" content="A step by step guide."><script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@graph': graph })}</script></head><body><p>Mix.</p></body></html>`;
    expect(describePage(page, URL_, request({ format: 'text' })).metadata).toEqual({
      title: 'How to bake bread', description: 'A step by step guide.', language: 'en-US', author: 'Jane Baker', published_time: '2024-01-02',
      site_name: 'Bakery Blog', canonical_url: 'https://bakery.example/bread/', image: null, word_count: 1,
    });
  });

  it('reads a WebPage\'s mainEntity first, and answers nothing of the page from a WebSite alone; Open Graph still first', () => {
    const ld = { '@graph': [{ '@type': 'WebSite', name: 'LD Site', url: 'https://news.example/' }, { '@type': 'WebPage', mainEntity: { '@type': 'NewsArticle', headline: 'Deep Headline', author: [{ '@type': 'Person', name: 'Deep Author' }] } }] };
    const page = `<html><head><title>Spaced</title><meta property="og:description" content="OG desc"><script type="application/ld+json">${JSON.stringify(ld)}</script></head><body><p>x</p></body></html>`;
    expect(describePage(page, URL_, request({ format: 'text' })).metadata).toEqual({
      title: 'Deep Headline', description: 'OG desc', language: null, author: 'Deep Author', published_time: null, site_name: 'LD Site', canonical_url: null, image: null, word_count: 1,
    });
    const site = `<html><head><title>Page title</title><script type="application/ld+json">${JSON.stringify(ld['@graph'][0])}</script></head><body><p>x</p></body></html>`;
    expect(describePage(site, URL_, request({ format: 'text' })).metadata).toEqual({
      title: 'Page title', description: null, language: null, author: null, published_time: null, site_name: 'LD Site', canonical_url: null, image: null, word_count: 1,
    });
  });

  it('falls back to <title> and nulls', () => {
    expect(describePage('<html><head><title> A   title </title></head><body><p>one two</p></body></html>', URL_, request({ format: 'text' })).metadata).toEqual({
      title: 'A title', description: null, language: null, author: null, published_time: null, site_name: null, canonical_url: null, image: null, word_count: 2,
    });
  });

  it('lists every http(s) link of the whole page once, absolute, without fragments, in document order', () => {
    expect(describePage(PAGE, URL_, request({ includeSelectors: ['article'] })).links).toEqual([
      { url: 'https://news.example/home', text: 'Home' },
      { url: URL_, text: 'here' },
      { url: 'https://news.example/b', text: 'there' },
      { url: 'https://shop.example/', text: 'now' },
    ]);
  });

  it('cuts the links at 1,000', () => {
    const anchors = Array.from({ length: 1200 }, (_, i) => `<a href="/p${i}">p${i}</a>`).join('');
    const links = describePage(`<html><body>${anchors}</body></html>`, URL_, request()).links;
    expect(links).toHaveLength(1000);
    expect(links[999]).toEqual({ url: 'https://news.example/p999', text: 'p999' });
  });
});

describe('renderPageContent selectors and formats', () => {
  it('answers format=html without selection byte for byte', () => {
    expect(renderPageContent(PAGE, URL_, request({ format: 'html' }))).toBe(PAGE);
  });

  it('keeps exactly the included elements in document order, none twice, after removing the excluded ones', () => {
    expect(renderPageContent(PAGE, URL_, request({ includeSelectors: ['p', 'article', 'aside'], excludeSelectors: ['a[href^="mailto"]', 'h1'] })))
      .toBe('Words [here](https://news.example/a/story?id=1#top) and [there](https://news.example/b#c).\n\nBuy [now](https://shop.example/) [Home again](https://news.example/home#x)');
  });

  it('writes the html fragment of the kept elements: no scripts, comments or handlers, URLs absolute', () => {
    expect(renderPageContent(PAGE, URL_, request({ format: 'html', includeSelectors: ['article'] })))
      .toBe('<article><h1>Story</h1><p>Words <a href="https://news.example/a/story?id=1#top">here</a> and <a href="https://news.example/b#c">there</a>.</p></article>');
  });
});

describe('the html fragment\'s URLs in style attributes', () => {
  it('makes each url() absolute, quoted or not, and empties one that runs script', () => {
    const page = `<html><body><div id="k" style="background:url(/bg.png) no-repeat; border-image: url('i/b.png'); mask: url(&quot;javascript:x()&quot;)">x</div></body></html>`;
    expect(renderPageContent(page, URL_, request({ format: 'html', includeSelectors: ['#k'] })))
      .toBe(`<div id="k" style="background:url(https://news.example/bg.png) no-repeat; border-image: url('https://news.example/a/i/b.png'); mask: url(&quot;&quot;)">x</div>`);
  });
});

describe('documents as served (js=false)', () => {
  const page = '<html><body><noscript><p>Post without scripts</p></noscript><p>a<![CDATA[ x ]]>b</p></body></html>';

  it('keeps what <noscript> holds when no script ran, drops it from a rendered DOM', () => {
    expect(renderPageContent(page, URL_, request({ scripted: false }))).toBe('Post without scripts\n\nab');
    expect(renderPageContent(page, URL_, request({ scripted: true }))).toBe('ab');
  });

  it('reads <![CDATA[ as a browser does: a bogus comment up to the first >', () => {
    expect(renderPageContent('<html><body><p>one <![CDATA[<b>two</b>]]> three</p><p>four</p></body></html>', URL_, request())).toBe('one two]]> three\n\nfour');
  });
});

describe('main content of one product\'s page', () => {
  const cards = Array.from({ length: 4 }, (_, n) => `<li><a href="/itm/${n}"><img src="${n}.jpg" alt="">Other chain ${n}</a> $15${n}.00</li>`).join('');
  const page = (head: string) => `<html><head>${head}</head><body><main><h1>Catena DID 520ers3</h1><p>EUR 163.12</p>
    <p>A gold O-ring chain for road bikes, 104 links, with its clip lock; sold by a shop in Milan since 1987 and sent in a week.</p>
    <ul>${cards}</ul></main></body></html>`;
  const text = (head: string) => renderPageContent(page(head), URL_, request({ format: 'text', mainContent: true }));

  it('drops the rails of other items\' cards when the page says it is a Product (JSON-LD), read before the cleaning', () => {
    expect(text('<script type="application/ld+json">{"@type":"Product","name":"Catena"}</script>')).not.toMatch(/Other chain/);
    expect(describePage(page('<script type="application/ld+json">{"@type":"Product"}</script>'), URL_, request({ format: 'text', mainContent: true })).content).not.toMatch(/Other chain/);
    expect(text('')).toMatch(/Other chain 3/);
  });

  it('says a block once on a Product page only (a repeated note goes there, stays elsewhere)', () => {
    const note = '<p>Colour and model availability may vary by country.</p>';
    const twice = (head: string) => renderPageContent(`<html><head>${head}</head><body><main><h1>Catena</h1>${note}<p>A gold chain of 104 links.</p>${note}</main></body></html>`,
      URL_, request({ format: 'text', mainContent: true })).match(/availability/g)?.length;
    expect(twice('<script type="application/ld+json">{"@type":"Product"}</script>')).toBe(1);
    expect(twice('')).toBe(2);
  });
});

describe('main content of a page with highlighted code and framework parts', () => {
  const PRISM = `<html><body><header class="c-header">Site <a href="/">home</a></header><main><h1>Prism page</h1>
<p>This page has code blocks highlighted by Prism with a toolbar plugin, a very common setup on blogs and docs.</p>
<div class="code-toolbar"><pre class="language-bash"><code class="language-bash">ls -la</code></pre><div class="toolbar"><div class="toolbar-item"><button class="copy-to-clipboard-button">Copy</button></div></div></div>
<div class="card"><div class="card-header"><h3>Card heading</h3></div><div class="card-body"><p>Card body text.</p></div></div>
<div class="table-header"><p>Results summary, which is content.</p></div>
<div class="code-toolbar"><pre class="language-python"><code class="language-python">print("hi")</code></pre></div></main></body></html>`;

  it('keeps Prism\'s code blocks, a card\'s header and a table\'s header, and drops the site\'s header', () => {
    expect(renderPageContent(PRISM, URL_, request({ mainContent: true }))).toBe([
      '# Prism page', 'This page has code blocks highlighted by Prism with a toolbar plugin, a very common setup on blogs and docs.',
      '```bash\nls -la\n```', '### Card heading', 'Card body text.', 'Results summary, which is content.', '```python\nprint("hi")\n```',
    ].join('\n\n'));
  });
});

describe('main content of images in links', () => {
  const IMAGES = `<html><body><main><h1>Images</h1><p>P1 <a href="/img"><img src="/i.png" alt="Pic"></a></p>
<p><a href="/img2"><img src="/i2.png" alt="Pic [x]"></a></p><p><a href="/img3"><img src="/i3.png"></a></p>
<p><a href="/img4"><img src="/i4.png" alt="Pic4"> caption</a></p><p><a href="data:text/plain,x"><img src="/real.png" alt="in data link"></a></p>
<ul><li><a href="/p/1"><img src="/t1.jpg" alt="Thumbnail one"></a> <a href="/p/1">First story</a></li><li><a href="/p/2"><img src="/t2.jpg"></a> <a href="/p/2">Second story</a></li></ul>
<p>The end of this paragraph is long enough to be the content of the page.</p></main></body></html>`;

  it('keeps the content\'s images in links, with and without alt, and drops teasers\' thumbnails', () => {
    expect(renderPageContent(IMAGES, 'https://t.example/p', request({ mainContent: true }))).toBe([
      '# Images', 'P1 [![Pic](https://t.example/i.png)](https://t.example/img)', '[![Pic \\[x\\]](https://t.example/i2.png)](https://t.example/img2)',
      '[![](https://t.example/i3.png)](https://t.example/img3)', '[![Pic4](https://t.example/i4.png) caption](https://t.example/img4)',
      '![in data link](https://t.example/real.png)', '- [First story](https://t.example/p/1)\n- [Second story](https://t.example/p/2)',
      'The end of this paragraph is long enough to be the content of the page.',
    ].join('\n\n'));
  });
});

describe('parseSelectorList', () => {
  it('splits at top-level commas only', () => {
    expect(parseSelectorList('article, :is(h1, h2) > a[title="a,b"]')).toEqual({ selectors: ['article', ':is(h1, h2) > a[title="a,b"]'] });
  });

  it.each([
    ['p[', 'is not a valid CSS selector list'],
    [Array.from({ length: 21 }, (_, i) => `.c${i}`).join(','), 'must hold at most 20 selectors'],
    [`.${'a'.repeat(1000)}`, 'must be at most 1000 characters'],
  ])('refuses %s', (value, problem) => {
    expect((parseSelectorList(value) as { problem: string }).problem).toContain(problem);
  });
});
