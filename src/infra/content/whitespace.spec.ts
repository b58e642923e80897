import { parseDocument } from './parse-document.js';
import { ASCII_WHITESPACE, collapsedLength, collapsedText, collapseWhitespace, isBlank, splitAscii } from './whitespace.js';

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

  it('calls blank a line of Unicode whitespace or zero-width characters only, never one with text or an emoji sequence', () => {
    expect(['', ' \t', '\u00a0\u2003', '\u200b', '\u200c\u200d', '\u2060\ufeff '].map(isBlank)).toEqual([true, true, true, true, true, true]);
    expect(['a', '\u200ba', '\u{1F468}\u200d\u{1F469}', '\u00a0.'].map(isBlank)).toEqual([false, false, false, false]);
  });

  it('is one global pattern, safe to reuse (no lastIndex carried between calls)', () => {
    expect(ASCII_WHITESPACE.global).toBe(true);
    expect(collapseWhitespace('x  y')).toBe('x y');
    expect(collapseWhitespace('x  y')).toBe('x y');
  });

  it('measures collapsed, trimmed text as collapseWhitespace(text).trim() would, without building it', () => {
    const samples = ['', ' ', '\n\t \r\f', 'a', '  a  b\t\tc \n', '\u00a0 a \u00a0', 'a\u00a0\u00a0 \u2003 b', '\u000b a\u000b\u000b b ', '\ufeff x  \u2028', 'a \u3000 b'];
    for (const text of samples) expect(collapsedLength(text)).toBe(collapseWhitespace(text).trim().length);
  });

  it('measures as collapseWhitespace(text).trim() on random mixes of ASCII whitespace, other spaces and letters', () => {
    const alphabet = [' ', ' ', '\t', '\n', '\r', '\f', 'a', 'b', '\u00a0', '\u2003', '\u000b', '\ufeff'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let sample = 0; sample < 3000; sample += 1) {
      const text = Array.from({ length: Math.floor(next() * 24) }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
      expect(collapsedLength(text)).toBe(collapseWhitespace(text).trim().length);
    }
  });

  it('reads a node\'s text collapsed and trimmed, a no-break space kept', () => {
    const body = parseDocument('<body><p>\n  Read\t <b>more</b>\u00a0 »  </p></body>').body;
    expect(collapsedText(body.querySelector('p')!)).toBe('Read more\u00a0 »');
    expect(collapsedText(parseDocument('<body><p>  </p></body>').body)).toBe('');
  });
});
