import { parseDocument } from '../parse-document.js';
import { linkDensity, measureText, subtractRemoved } from './text-stats.js';

describe('measureText', () => {
  it('counts characters (whitespace trimmed per text node) and the part inside links, for every element', () => {
    const document = parseDocument('<body><div id="d"><p id="p">Hello   <a href="/x">big <b>world</b></a></p>\n  <ul id="u"><li><a href="/y">nav</a></li></ul></div></body>');
    const stats = measureText(document.body);
    expect(stats.get(document.getElementById('p')!)).toEqual({ chars: 13, linkChars: 8 });
    expect(stats.get(document.getElementById('u')!)).toEqual({ chars: 3, linkChars: 3 });
    expect(stats.get(document.getElementById('d')!)).toEqual({ chars: 16, linkChars: 11 });
  });

  it('gives the link density of an element, 0 without text', () => {
    expect(linkDensity({ chars: 20, linkChars: 5 })).toBe(0.25);
    expect(linkDensity({ chars: 0, linkChars: 0 })).toBe(0);
    expect(linkDensity(undefined)).toBe(0);
  });

  it('takes removed elements\' text off their ancestors as measuring the page again would', () => {
    const document = parseDocument('<body><div id="d"><p id="p">Hello <a href="/x">big <b id="b">world</b> <i id="i"> </i></a></p><ul id="u"><li id="l"><a href="/y">nav</a></li></ul></div><p id="q">end</p></body>');
    const stats = measureText(document.body);
    const removed = ['b', 'i', 'l', 'q'].map((id) => ({ element: document.getElementById(id)!, parent: document.getElementById(id)!.parentElement! }));
    for (const { element } of removed) element.remove();
    subtractRemoved(stats, document.body, removed);
    for (const [element, own] of measureText(document.body)) expect(stats.get(element)).toEqual(own);
    expect(stats.get(removed[3].element)).toEqual({ chars: 3, linkChars: 0 });
    expect(stats.get(removed[0].element)).toEqual({ chars: 5, linkChars: 5 });
  });

  it('takes off an element removed from inside one removed later once, with the later one', () => {
    const document = parseDocument('<body><div id="d"><section id="r"><p>kept words</p><nav id="n"><a href="/x">menu</a></nav></section><p>rest</p></div></body>');
    const stats = measureText(document.body);
    const inner = { element: document.getElementById('n')!, parent: document.getElementById('r')! };
    inner.element.remove();
    const outer = { element: document.getElementById('r')!, parent: document.getElementById('d')! };
    outer.element.remove();
    subtractRemoved(stats, document.body, [inner, outer]);
    for (const [element, own] of measureText(document.body)) expect(stats.get(element)).toEqual(own);
  });
});
