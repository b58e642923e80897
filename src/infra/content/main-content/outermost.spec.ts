import { describe, expect, it } from '@jest/globals';
import { parseDocument } from '../parse-document.js';
import { outermost } from './outermost.js';

describe('outermost', () => {
  it('keeps the elements no other of them holds, in the order given, each once', () => {
    const document = parseDocument('<body><div id="a"><p id="b"><span id="c"></span></p></div><div id="d"><p id="e"></p></div><p id="f"></p></body>');
    const byId = (id: string) => document.getElementById(id)!;
    const given = ['e', 'c', 'a', 'd', 'b', 'e', 'f'].map(byId);
    expect(outermost(given).map((element) => element.id)).toEqual(['a', 'd', 'f']);
  });

  it('reads 20,000 sibling copies and their 20,000 children in one walk each (all the copies kept, no child)', () => {
    const document = parseDocument(`<body>${'<div class="copy"><p>x</p></div>'.repeat(20_000)}</body>`);
    const copies = [...document.querySelectorAll('div.copy')];
    const children = [...document.querySelectorAll('div.copy > p')];
    const kept = outermost([...children, ...copies]);
    expect(kept.length).toBe(20_000);
    expect(kept.every((element) => element.localName === 'div')).toBe(true);
  });
});
