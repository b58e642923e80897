import { describe, expect, it } from '@jest/globals';
import { cleanDocument, findUnread } from './clean-document.js';
import { parseDocument } from './parse-document.js';

const PAGE = `<!doctype html><html><head><title>T</title><META charset="utf-8"><link rel="stylesheet" href="a.css"><style>p{}</style></head><body>
<!-- a comment --><p>One<!-- inside --></p><SCRIPT>var x = 1;</SCRIPT><Script src="b.js"></Script>
<svg><style>.a{}</style><script>void 0</script><text>drawn</text></svg>
<template><p>later</p></template><iframe src="f.html"></iframe><object data="o"></object><embed src="e">
<noscript><p>Enable scripts</p></noscript><div class="ad"><p>Buy</p></div><p>Two</p></body></html>`;

function cleaned(options: { scripted: boolean }, exclude: readonly string[] = []): string {
  const document = parseDocument(PAGE);
  cleanDocument(document, exclude, options);
  return document.body.innerHTML.replace(/\s+/g, ' ').trim();
}

describe('cleanDocument', () => {
  it('removes scripts, styles, templates, frames, embedded objects and comments, whatever the case of their tags, in SVG too', () => {
    expect(cleaned({ scripted: true })).toBe('<p>One</p> <svg><text>drawn</text></svg> <div class="ad"><p>Buy</p></div><p>Two</p>');
    const head = parseDocument(PAGE);
    cleanDocument(head, [], { scripted: true });
    expect(head.head.innerHTML).toBe('<title>T</title>');
  });

  it('keeps what <noscript> holds, in its place, in a document as served (no script ran)', () => {
    expect(cleaned({ scripted: false })).toBe('<p>One</p> <svg><text>drawn</text></svg> <p>Enable scripts</p><div class="ad"><p>Buy</p></div><p>Two</p>');
  });

  it("removes the caller's excluded elements", () => {
    expect(cleaned({ scripted: true }, ['.ad', 'svg'])).toBe('<p>One</p> <p>Two</p>');
  });

  it('unwraps nested noscripts and those inside removed elements alike, and removes one inside a template with it', () => {
    const document = parseDocument('<html><body><noscript><p>a</p><noscript><b>b</b></noscript></noscript><object><noscript><i>c</i></noscript></object><template><noscript><p>d</p></noscript></template><p>e</p></body></html>');
    cleanDocument(document, [], { scripted: false });
    expect(document.body.innerHTML).toBe('<p>a</p><b>b</b><p>e</p>');
  });

  it('cleans as it would alone with what findUnread found before, and finds again after excluded elements went', () => {
    for (const scripted of [true, false]) {
      const [alone, handed, excluded] = [parseDocument(PAGE), parseDocument(PAGE), parseDocument(PAGE)];
      cleanDocument(alone, [], { scripted });
      cleanDocument(handed, [], { scripted }, findUnread(handed));
      expect(handed.documentElement.outerHTML).toBe(alone.documentElement.outerHTML);
      cleanDocument(excluded, ['noscript'], { scripted }, findUnread(excluded));
      expect(excluded.body.innerHTML).not.toContain('Enable scripts');
    }
  });

  it('finds, outside a template\'s content, the elements that pass each test, in document order', () => {
    const document = parseDocument('<html><body><p id="a"></p><template><p id="b"></p><noscript></noscript></template><div><p id="c"></p></div></body></html>');
    const { found, noscripts, unread } = findUnread(document, [(element) => element.localName === 'p', (element) => element.localName === 'template']);
    expect(found.map((elements) => elements.map((element) => element.id || element.localName))).toEqual([['a', 'c'], ['template']]);
    expect([noscripts.length, unread.map((node) => node.nodeName.toLowerCase())]).toEqual([0, ['template', 'noscript']]);
  });
});
