import { describe, expect, it } from '@jest/globals';
import { elementsNamed, elementsWhere, firstElementWhere, tagOf } from '../find-elements.js';
import { parseDocument } from '../parse-document.js';
import { PageElements } from './page-elements.js';
import { measureText } from './text-stats.js';

const HTML = `<html><body>
  <div id="a" class="wrap top" role="main"><p id="p1">x<a id="l1" href="#">y</a></p><div id="b"><p></p><span id="s1"></span></div></div>
  <template id="t"><p id="in-template"></p><main id="t-main"></main></template>
  <section id="c"><P id="p3"></P><main id="m"><a id="l2"></a></main></section>
</body></html>`;

const ids = (elements: Iterable<Element>) => [...elements].map((element) => element.id || element.localName);

describe('PageElements: the body\'s elements in one flat list, read once', () => {
  it('lists what a walk finds, in document order, whether built by measureText\'s walk or its own', () => {
    const body = parseDocument(HTML).body;
    const measured = new PageElements();
    measureText(body, measured);
    for (const elements of [measured, PageElements.of(body)]) {
      expect(elements.order[0]).toBe(body);
      // A template's content included, as the clean step's walk goes (querySelectorAll does not search it).
      expect(ids(elements.order.slice(1))).toEqual(['a', 'p1', 'l1', 'b', 'p', 's1', 't', 'in-template', 't-main', 'c', 'p3', 'm', 'l2']);
      expect(elements.ends[0]).toBe(elements.order.length);
      expect(elements.tags).toEqual(elements.order.map(tagOf));
      const a = elements.order.indexOf(body.querySelector('#a')!);
      expect(elements.words[a]).toBe('wrap top a');
      expect(elements.roles[a]).toBe('main');
      expect(ids(elements.order.slice(a + 1, elements.ends[a]))).toEqual(ids(body.querySelector('#a')!.querySelectorAll('*')));
      const bare = elements.order.indexOf(body.querySelector('#b p')!);
      expect([elements.bare[bare], elements.words[bare], elements.roles[bare]]).toEqual([true, ' ', null]);
    }
  });

  it('answers as elementsWhere and firstElementWhere do (a template tested, its content not searched)', () => {
    const body = parseDocument(HTML).body;
    const elements = PageElements.of(body);
    const all = () => true;
    expect(ids(elements.where(all))).toEqual(ids(elementsWhere(body, all)));
    expect(ids(elements.where(all))).not.toContain('in-template');
    const isMain = (element: Element) => tagOf(element) === 'main';
    expect(elements.first((index) => isMain(elements.order[index]))).toBe(firstElementWhere(body, isMain));
    expect(elements.first((index) => isMain(elements.order[index]))?.id).toBe('m');
  });

  it('leaves out what was dropped, and all inside it', () => {
    const document = parseDocument(HTML);
    const elements = PageElements.of(document.body);
    for (const id of ['b', 'c']) {
      document.getElementById(id)!.remove();
      elements.drop(elements.order.find((element) => element.id === id)!);
    }
    const all = () => true;
    expect(ids(elements.where(all))).toEqual(ids(elementsWhere(document.body, all)));
    expect(elements.first((index) => elements.tags[index] === 'main')).toBeNull();
  });

  it('answers whether an element holds a tag as querySelector does (a template under it not searched, dropped ones left out)', () => {
    const document = parseDocument(`<body><div id="x"><section id="s"><h1>Title</h1></section><template><h2>In</h2></template></div>
      <template id="t"><h2>Own</h2></template></body>`);
    const elements = PageElements.of(document.body);
    const at = (id: string) => elements.order.findIndex((element) => element.id === id);
    for (const [id, tag] of [['x', 'h1'], ['x', 'h2'], ['x', 'template'], ['s', 'h1'], ['t', 'h2'], ['x', 'p']]) {
      expect([id, tag, elements.holds(at(id), tag)]).toEqual([id, tag, document.getElementById(id)!.querySelector(tag) !== null]);
    }
    document.getElementById('s')!.remove();
    elements.dropAt(at('s'));
    expect(elements.holds(at('x'), 'h1')).toBe(false);
  });

  it('lists the named elements under an element as elementsNamed does, or answers null where it cannot', () => {
    const document = parseDocument(HTML);
    const elements = PageElements.of(document.body);
    const names = new Set(['p', 'main', 'a']);
    for (const id of ['a', 'c']) expect(ids(elements.namedUnder(document.getElementById(id)!, names)!)).toEqual(ids(elementsNamed(document.getElementById(id)!, names)));
    expect(ids(elements.namedUnder(document.body, names)!)).toEqual(ids(elementsNamed(document.body, names)));
    expect(elements.namedUnder(document.getElementById('t')!, names)).toBeNull();
    document.getElementById('c')!.remove();
    elements.drop(elements.order.find((element) => element.id === 'c')!);
    expect(elements.namedUnder(elements.order.find((element) => element.id === 'c')!, names)).toBeNull();
    expect(ids(elements.namedUnder(document.body, names)!)).toEqual(ids(elementsNamed(document.body, names)));
  });
});
