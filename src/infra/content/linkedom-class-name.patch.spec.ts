import { describe, expect, it } from '@jest/globals';
import { parseHTML } from 'linkedom';
import { joinedTokens, parsingClassNames } from './linkedom-class-name.patch.js';

const parse = (html: string) => parseHTML(html).document as unknown as Document;
const CLASSES = ['', 'a', ' a ', 'a  b\tb\na', 'b a b', 'x\u00a0y z', '  ', 'A a'];

describe('parsingClassNames (the patch of linkedom\'s className)', () => {
  it('parses each class attribute to the value linkedom\'s token set gives it, as an unpatched parse does', () => {
    const html = CLASSES.map((value) => `<p class="${value}">x</p>`).join('');
    const plain = [...parse(html).querySelectorAll('p')];
    const patched = [...parsingClassNames(() => parse(html)).querySelectorAll('p')];
    expect(patched.map((p) => p.getAttribute('class'))).toEqual(plain.map((p) => [...p.classList].join(' ')));
    // linkedom splits at any \s, a no-break space too.
    expect(patched.map((p) => p.getAttributeNode('class')?.value)).toEqual(['', 'a', 'a', 'a b', 'b a', 'x y z', '', 'A a']);
    expect(patched.map((p) => [...p.classList])).toEqual(plain.map((p) => [...p.classList]));
  });

  it('keeps the class list and the attribute in step after the parse (set, added to, removed)', () => {
    const element = parsingClassNames(() => parse('<div class="a  b"></div>')).querySelector('div')!;
    expect(element.classList.contains('b')).toBe(true);
    element.classList.add('c');
    expect([element.className, element.getAttribute('class')]).toEqual(['a b c', 'a b c']);
    element.setAttribute('class', ' d  d e');
    expect([element.className, [...element.classList]]).toEqual(['d e', ['d', 'e']]);
    element.className = 'f';
    expect(element.getAttributeNode('class')?.value).toBe('f');
    element.removeAttribute('class');
    expect([element.className, element.getAttribute('class'), element.classList.length]).toEqual(['', '', 0]);
  });

  it('reads an element without a class as linkedom does: the empty string, never null', () => {
    const element = parsingClassNames(() => parse('<div></div>')).querySelector('div')!;
    expect([element.className, element.getAttribute('class')]).toEqual(['', '']);
  });
});

describe('joinedTokens (a class value as linkedom\'s token set joins it)', () => {
  it('keeps a value already joined, and joins any other as the set does', () => {
    const bySet = (value: string) => [...new Set(value.split(/\s+/).filter((token) => token !== ''))].join(' ');
    const values = ['a', 'a b c', 'a b a', 'a b b', ' a b', 'a b ', 'a  b', 'a\tb', 'a\u00a0b', 'a\u2003b c', 'x y z x', 'a-b a_b', '', ' ', 'b a c d e f g h a'];
    for (const value of values) expect(joinedTokens(value)).toBe(bySet(value));
    expect(joinedTokens('a b c')).toBe('a b c');
  });

  it('tells repeated tokens from tokens that only share characters, in a value of any number of tokens', () => {
    const bySet = (value: string) => [...new Set(value.split(/\s+/).filter((token) => token !== ''))].join(' ');
    const many = Array.from({ length: 40 }, (_, index) => `t${index}`).join(' ');
    const values = ['ab a b', 'a ab', 'abc abd abc', 'ab ba', 'x xx xxx xx', many, `${many} t3`, `${many} t39`, `t1 ${many}`];
    for (const value of values) expect(joinedTokens(value)).toBe(bySet(value));
    expect(joinedTokens(many)).toBe(many);
  });
});
