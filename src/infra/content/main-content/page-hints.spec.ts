import { parseDocument } from '../parse-document.js';
import { readPageHints } from './page-hints.js';

const hints = (head: string, body = '') => readPageHints(parseDocument(`<html><head>${head}</head><body>${body}</body></html>`));

describe('readPageHints', () => {
  it('reads a schema.org Product in JSON-LD (a type list and @graph included) or microdata as one item\'s page', () => {
    expect(hints('<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Tee"}</script>').itemPage).toBe(true);
    expect(hints('<script type="application/ld+json">{"@graph":[{"@type":"WebPage"},{"@type":["Product","Thing"]}]}</script>').itemPage).toBe(true);
    expect(hints('', '<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Tee</h1></div>').itemPage).toBe(true);
  });

  it('reads a schema.org ProductGroup (one product in its sizes and colours) as one item\'s page', () => {
    expect(hints('<script type="application/ld+json">{"@type":"ProductGroup","hasVariant":[{"@type":"Product"}]}</script>').itemPage).toBe(true);
    expect(hints('', '<div itemscope itemtype="https://schema.org/ProductGroup"></div>').itemPage).toBe(true);
  });

  it('reads a single purchase form (an add-to-cart id, or a post to /cart/add) as one item\'s page, not one on each card', () => {
    expect(hints('', '<form method="post" id="addToCart"><input id="add-to-cart-button" type="submit"></form>').itemPage).toBe(true);
    expect(hints('', '<form action="/cart/add" method="post"><button name="add">Add to cart</button></form>').itemPage).toBe(true);
    const card = '<li><a href="/p">Tee</a> $20<form action="/cart/add"><button name="add">Add</button></form></li>';
    expect(hints('', `<ul>${card}${card}${card}</ul>`).itemPage).toBe(false);
    expect(hints('', '<button id="addToCartButton">Buy</button><form id="newsletter" action="/subscribe"></form>').itemPage).toBe(false);
  });

  it('does not read an og:type, another type or bad JSON as one item\'s page', () => {
    expect(hints('<meta property="og:type" content="product">').itemPage).toBe(false);
    expect(hints('<script type="application/ld+json">{"@type":"ItemList"}</script><script type="application/ld+json">{bad</script>').itemPage).toBe(false);
  });

  it('reads a DiscussionForumPosting or a QAPage (JSON-LD or microdata) as a discussion\'s page, and nothing else as one', () => {
    expect(hints('<script type="application/ld+json">{"@type":"DiscussionForumPosting","headline":"Range?"}</script>')).toEqual({ itemPage: false, threadPage: true });
    expect(hints('', '<div itemscope itemtype="http://schema.org/QAPage"></div>')).toEqual({ itemPage: false, threadPage: true });
    expect(hints('<script type="application/ld+json">{"@type":"Article"}</script>')).toEqual({ itemPage: false, threadPage: false });
  });
});
