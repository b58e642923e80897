import { describe, expect, it } from '@jest/globals';
import { elementsNamed, elementsWhere } from '../find-elements.js';
import { selectorTest } from '../selector-test.js';
import { parseDocument } from '../parse-document.js';
import { ContentElements } from './content-elements.js';
import { PageElements } from './page-elements.js';
import { removeOutermost } from './prose-blocks.js';

const HTML = `<html><body><main id="root">
  <div id="a"><p id="p1">x<a id="l1" href="#">y</a></p><div id="b"><p id="p2"></p><span id="s1"></span></div></div>
  <template id="t"><p id="in-template"></p><div id="t-div"></div></template>
  <section id="c"><P id="p3"></P><div id="d"><a id="l2"></a></div></section>
</main></body></html>`;

const ids = (elements: Iterable<Element>) => [...elements].map((element) => element.id || element.localName);
const fresh = () => {
  const document = parseDocument(HTML);
  const root = document.getElementById('root')!;
  return { document, root, elements: new ContentElements(root) };
};
const NAMES = new Set(['p', 'a', 'div', 'template']);

describe('ContentElements: one walk of the content, answering as a fresh walk would after each removal', () => {
  it('answers as elementsNamed and elementsWhere do on the content as it is', () => {
    const { root, elements } = fresh();
    expect(ids(elements.named(NAMES))).toEqual(ids(elementsNamed(root, NAMES)));
    expect(ids(elements.where(() => true))).toEqual(ids(elementsWhere(root, () => true)));
    expect(ids(elements.named(NAMES))).not.toContain('in-template');
  });

  it('leaves out what was removed through it, and all inside it', () => {
    const { document, root, elements } = fresh();
    elements.remove(document.getElementById('b')!);
    elements.remove(document.getElementById('l2')!);
    expect(document.getElementById('b')).toBeNull();
    expect(ids(elements.named(NAMES))).toEqual(ids(elementsNamed(root, NAMES)));
    expect(ids(elements.where(() => true))).toEqual(ids(elementsWhere(root, () => true)));
    expect(ids(elements.named(NAMES))).not.toContain('p2');
  });

  it('picks and removes the outermost elements as removeOutermost does, a template\'s content included', () => {
    const doomed = (element: Element) => element.localName === 'div' || element.localName === 'p';
    const walked = fresh();
    removeOutermost(walked.root, doomed);
    const indexed = fresh();
    expect(ids(indexed.elements.outermost(doomed))).toEqual(['a', 'in-template', 't-div', 'p3', 'd']);
    indexed.elements.removeOutermost(doomed);
    expect(indexed.root.outerHTML).toEqual(walked.root.outerHTML);
    expect(ids(indexed.elements.where(() => true))).toEqual(ids(elementsWhere(indexed.root, () => true)));
  });

  it('reads an element\'s collapsed text once, and again after a removal under it changes it', () => {
    const document = parseDocument('<html><body><main id="root"><div id="card"><span id="label"> 5  min read </span><p id="p">Text</p></div></main></body></html>');
    const elements = new ContentElements(document.getElementById('root')!);
    const card = document.getElementById('card')!;
    expect(elements.text(card)).toBe('5 min read Text');
    expect(elements.text(document.getElementById('label')!)).toBe('5 min read');
    elements.remove(document.getElementById('p')!);
    expect(elements.text(card)).toBe('5 min read');
    expect(elements.text(document.getElementById('root')!)).toBe('5 min read');
  });

  it('answers a selector list of classes or itemprops as a walk would, the content holding them or not', () => {
    const document = parseDocument('<html><body><main id="root"><div class="x usertitle" itemprop="name"><p class="usertitle-more"></p></div><template><p class="w-form-done"></p></template></main></body></html>');
    const root = document.getElementById('root')!;
    const elements = new ContentElements(root);
    for (const selector of ['.usertitle', '.usertitle-more, p.usertitle', '.w-form-done', '.absent', 'p, .absent', '[itemprop="x"]', '[itemprop="name"], [itemprop="x"]']) {
      expect(elements.where(selectorTest(selector))).toEqual(elementsWhere(root, selectorTest(selector)));
    }
    expect(elements.outermost(selectorTest('.w-form-done'))).toHaveLength(1);
    expect(elements.outermost(selectorTest('.absent'))).toEqual([]);
  });

  it('copies the root\'s part of the page\'s list (less what left the document) as its own walk would find it', () => {
    const document = parseDocument(HTML.replace('<main id="root">', '<div id="before"><p></p></div><main id="root"><aside id="gone"><p id="g"></p></aside>'));
    const page = PageElements.of(document.body);
    document.getElementById('gone')!.remove();
    page.drop(page.order.find((element) => element.id === 'gone')!);
    const root = document.getElementById('root')!;
    const copied = new ContentElements(root, page);
    const walked = new ContentElements(root);
    expect(ids(copied.named(NAMES))).toEqual(ids(walked.named(NAMES)));
    expect(ids(copied.where(() => true))).toEqual(ids(walked.where(() => true)));
    const doomed = (element: Element) => element.localName === 'div' || element.localName === 'p';
    expect(ids(copied.outermost(doomed))).toEqual(ids(walked.outermost(doomed)));
    copied.remove(document.getElementById('b')!);
    expect(ids(copied.where(() => true))).toEqual(ids(elementsWhere(root, () => true)));
  });
});
