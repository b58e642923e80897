import { describe, expect, it } from '@jest/globals';
import { elementsNamed, elementsWhere, firstElementWhere, lowerCased, tagOf } from './find-elements.js';
import { parseDocument } from './parse-document.js';

const HTML = `<html><head><base target="x"><base href="/b/"></head><body>
  <div id="a"><p id="p1">x<pre id="r1"><p id="p2"></p></pre></p><blockquote id="q1"></blockquote></div>
  <template id="t"><p id="in-template"></p></template>
  <section itemtype="https://schema.org/Thing"><P id="p3"></P><svg><p id="in-svg"></p></svg></section>
  <script type="Application/LD+JSON">{}</script><script type="text/javascript"></script>
</body></html>`;

const ids = (elements: Iterable<Element>) => [...elements].map((element) => element.id || element.localName);

describe('find-elements: the selector engine\'s answers by one walk', () => {
  const document = parseDocument(HTML);

  it('finds what querySelectorAll finds for a list of tag names, in document order, template content left out', () => {
    const selector = 'p, pre, blockquote, template';
    expect(ids(elementsNamed(document, new Set(selector.split(', '))))).toEqual(ids(document.querySelectorAll(selector)));
    expect(ids(elementsNamed(document.body, new Set(['p'])))).toEqual(ids(document.body.querySelectorAll('p')));
    expect(ids(elementsNamed(document.body, new Set(['p'])))).toEqual(expect.arrayContaining(['p1', 'p2', 'p3', 'in-svg']));
    expect(ids(elementsNamed(document.body, new Set(['p'])))).not.toContain('in-template');
    expect(ids(elementsNamed(document.getElementById('a')!, new Set(['div', 'pre'])))).toEqual(['r1']);
  });

  it('answers attribute tests as querySelectorAll and querySelector do', () => {
    const jsonLd = (element: Element) => element.localName === 'script' && element.getAttribute('type')?.toLowerCase() === 'application/ld+json';
    expect(elementsWhere(document, jsonLd)).toEqual([...document.querySelectorAll('script[type="application/ld+json" i]')]);
    expect(elementsWhere(document, (element) => element.hasAttribute('itemtype'))).toEqual([...document.querySelectorAll('[itemtype]')]);
    expect(firstElementWhere(document, (element) => element.localName === 'base' && element.hasAttribute('href'))).toBe(document.querySelector('base[href]'));
    expect(firstElementWhere(document, (element) => element.id === 'in-template')).toBeNull();
    expect(firstElementWhere(document, (element) => element.localName === 'nothing')).toBeNull();
  });

  it('lower-cases names as toLowerCase does, the lower-case ones answered as they are', () => {
    for (const name of ['p', 'h1', 'my-widget', 'clipPath', 'DIV', 'x-É', 'straße', 'İ', '']) expect(lowerCased(name)).toBe(name.toLowerCase());
    const name = 'section';
    expect(lowerCased(name)).toBe(name);
    const svg = parseDocument('<svg><clipPath id="c"></clipPath></svg>').getElementById('c')!;
    expect(tagOf(svg)).toBe(svg.localName.toLowerCase());
  });
});
