import { describe, expect, it } from '@jest/globals';
import { pageLinks } from './links.js';
import { parseDocument } from './parse-document.js';
import { bodyRenderers } from '../../../test/unit/support/render-body.js';

const links = (html: string) => pageLinks(parseDocument(html), 'http://a.test/', 100_000);

describe('links as a browser nests them: never one inside another (unnested-anchors.ts)', () => {
  it('closes an open link at the next one: unclosed links are siblings, each with its own text', () => {
    const document = parseDocument('<body><p><a href="/1">one<a href="/2">two<a href="/3">three</p>');
    expect(document.querySelector('p')!.innerHTML).toBe('<a href="/1">one</a><a href="/2">two</a><a href="/3">three</a>');
    expect(links('<a href="/1">one<a href="/2">two<a href="/3">three')).toEqual([
      { url: 'http://a.test/1', text: 'one' }, { url: 'http://a.test/2', text: 'two' }, { url: 'http://a.test/3', text: 'three' },
    ]);
  });

  it('leaves what followed the inner link outside both, in its order', () => {
    const document = parseDocument('<body><a href="/1">one<a href="/2">two</a>three</a>after</body>');
    expect(document.body.innerHTML).toBe('<a href="/1">one</a><a href="/2">two</a>threeafter');
  });

  it("reads a link's text around a link deeper inside it, which keeps its own", () => {
    expect(links('<a href="/1">x<div><a href="/2">y</a></div>z</a>')).toEqual([{ url: 'http://a.test/1', text: 'xz' }, { url: 'http://a.test/2', text: 'y' }]);
  });

  it('takes 20,000 unclosed links apart, each text its own (the texts were the rest of the page)', () => {
    const html = Array.from({ length: 20_000 }, (_, n) => `<a href="/p/${n}">${n}`).join('');
    const read = links(html);
    expect(read).toHaveLength(20_000);
    expect(read.slice(0, 2)).toEqual([{ url: 'http://a.test/p/0', text: '0' }, { url: 'http://a.test/p/1', text: '1' }]);
    expect(read.every((link, n) => link.text === String(n))).toBe(true);
  });
});

describe('Markdown of a link deeper inside another (not moved out)', () => {
  it('writes the inner one as its text: no link inside a link label', () => {
    const { markdown } = bodyRenderers('https://a.test/');
    expect(markdown('<p><a href="/1"><span>one <a href="/2">two</a></span></a></p>')).toBe('[one two](https://a.test/1)');
  });

  it('writes a link inside an a that writes none (no href, a javascript: one) as the link it is', () => {
    const { markdown } = bodyRenderers('https://a.test/');
    expect(markdown('<p><a class="card"><span><a href="/post/1">Read</a></span></a> <a href="javascript:void(0)"><b><a href="/post/2">More</a></b></a></p>'))
      .toBe('[Read](https://a.test/post/1) **[More](https://a.test/post/2)**');
  });
});
