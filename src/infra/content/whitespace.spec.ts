import { ASCII_WHITESPACE, collapseWhitespace, splitAscii } from './whitespace.js';

describe('whitespace: HTML\'s ASCII whitespace, one definition', () => {
  it('collapses runs of space, tab, line feed, form feed and carriage return to one space', () => {
    expect(collapseWhitespace('a \t\n\f\r b')).toBe('a b');
    expect(collapseWhitespace('  a  ')).toBe(' a ');
  });

  it('leaves a no-break space and other Unicode spaces as text', () => {
    expect(collapseWhitespace('a\u00a0\u00a0b')).toBe('a\u00a0\u00a0b');
    expect(collapseWhitespace('a\u2003 b')).toBe('a\u2003 b');
    expect(collapseWhitespace('a\u000bb')).toBe('a\u000bb');
  });

  it('splits class lists on ASCII whitespace only, without empty tokens', () => {
    expect(splitAscii('  one\ttwo\nthree  ')).toEqual(['one', 'two', 'three']);
    expect(splitAscii('a\u00a0b c')).toEqual(['a\u00a0b', 'c']);
    expect(splitAscii('')).toEqual([]);
  });

  it('is one global pattern, safe to reuse (no lastIndex carried between calls)', () => {
    expect(ASCII_WHITESPACE.global).toBe(true);
    expect(collapseWhitespace('x  y')).toBe('x y');
    expect(collapseWhitespace('x  y')).toBe('x y');
  });
});
