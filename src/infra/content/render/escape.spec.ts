import { describe, expect, it } from '@jest/globals';
import { bodyRenderers } from '../../../../test/unit/support/render-body.js';
import { codeFence, codeSpan, escapeInline, escapeLabel, escapeLineStart, linkDestination } from './escape.js';

/**
 * No CommonMark parser is among the dependencies, so this suite reads the output the way CommonMark 0.31 (6.2)
 * decides emphasis: a delimiter run that can neither open nor close is literal text, and with no opener or closer
 * there is no emphasis. Backslash escapes of ASCII punctuation are literal characters, as in the spec (2.4).
 */
const PUNCTUATION = /[\p{P}\p{S}]/u;
const WHITESPACE = /[\p{Zs}\t\n\f\r]/u;
const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;

/** The `*` and `_` runs of a Markdown line that could open or close emphasis, as `run@index`. */
function emphasisDelimiters(markdown: string): string[] {
  const chars = Array.from(markdown);
  const found: string[] = [];
  for (let i = 0; i < chars.length;) {
    if (chars[i] === '\\' && ASCII_PUNCTUATION.test(chars[i + 1] ?? '')) { i += 2; continue; }
    if (chars[i] !== '*' && chars[i] !== '_') { i += 1; continue; }
    let end = i;
    while (chars[end] === chars[i]) end += 1;
    if (canOpenOrClose(chars[i], chars[i - 1] ?? ' ', chars[end] ?? ' ')) found.push(`${chars.slice(i, end).join('')}@${i}`);
    i = end;
  }
  return found;
}

function canOpenOrClose(mark: string, before: string, after: string): boolean {
  const spaceBefore = WHITESPACE.test(before);
  const spaceAfter = WHITESPACE.test(after);
  const punctBefore = PUNCTUATION.test(before);
  const punctAfter = PUNCTUATION.test(after);
  const left = !spaceAfter && (!punctAfter || spaceBefore || punctBefore);
  const right = !spaceBefore && (!punctBefore || spaceAfter || punctAfter);
  if (mark === '*') return left || right;
  const opens = left && (!right || punctBefore);
  const closes = right && (!left || punctAfter);
  return opens || closes;
}

/** The literal text CommonMark reads from an inline without markup: backslash escapes resolved. */
function literal(markdown: string): string {
  return markdown.replace(/\\([!-/:-@[-`{-~])/g, '$1');
}

const SAMPLES = [
  'Lib/__init__.py', '__init__', '_private', 'a_b_c', 'snake_case_name', '__dunder__ methods', '*args', '**kwargs',
  '2*3*4', '_', '__', 'x_', '_x', 'x_ and _y', 'see (_private), [__all__] and "_quoted_".', 'é_x', 'x_é', 'naïve_ünïcode_名前',
  'e\u0301_x', 'a__b', 'foo_ _bar', 'path\\to\\_file', 'a`b`_c_', 'emoji😀_x_😀', '1_000_000', '*_mixed_*', 'end._',
];

describe('escapeInline against CommonMark emphasis (decisions.md 8.1)', () => {
  it.each(SAMPLES)('%s reads back as written, with nothing that could open or close emphasis', (text) => {
    const markdown = escapeInline(text);
    expect(literal(markdown)).toBe(text);
    expect(emphasisDelimiters(markdown)).toEqual([]);
    expect(markdown.replace(/\\[\\`]/g, '')).not.toMatch(/`/);
  });

  it('keeps an underscore between letters or digits bare, as CommonMark cannot pair it there', () => {
    expect(escapeInline('snake_case_name a_b_c a__b 1_000 é_x naïve_ünïcode_名前')).toBe('snake_case_name a_b_c a__b 1_000 é_x naïve_ünïcode_名前');
  });

  it('escapes an underscore run beside punctuation, a space or an edge of the text', () => {
    expect(escapeInline('Lib/__init__.py')).toBe('Lib/\\_\\_init\\_\\_.py');
    expect(escapeInline('__dunder__ methods')).toBe('\\_\\_dunder\\_\\_ methods');
    expect(escapeInline('_private x_')).toBe('\\_private x\\_');
    expect(escapeInline('(_a_)')).toBe('(\\_a\\_)');
  });

  it('escapes every star, backslash and backtick, since a star pairs inside words too', () => {
    expect(escapeInline('2*3*4 **kwargs')).toBe('2\\*3\\*4 \\*\\*kwargs');
    expect(escapeInline('a\\b `c`')).toBe('a\\\\b \\`c\\`');
  });

  it('the check itself sees emphasis where CommonMark would', () => {
    expect(emphasisDelimiters('Lib/\\__init_\\_.py')).not.toEqual([]);
    expect(emphasisDelimiters('2*3*4')).not.toEqual([]);
    expect(emphasisDelimiters('snake_case')).toEqual([]);
    expect(emphasisDelimiters('_a_')).toEqual(['_@0', '_@2']);
  });
});

describe('escapeInline against CommonMark raw HTML, autolinks, links and references (decisions.md 8.1)', () => {
  it('escapes a `<` that would open a tag, a comment, a declaration, a processing instruction or an autolink', () => {
    expect(escapeInline('<div class="x"> </p> <!-- c --> <!DOCTYPE> <?php <https://a.b> <a@b.c>')).toBe(
      '\\<div class="x"> \\</p> \\<!-- c --> \\<!DOCTYPE> \\<?php \\<https://a.b> \\<a@b.c>',
    );
  });

  it('escapes a `]` that would close a link or a reference label, and a `!` that would make a link an image', () => {
    expect(escapeInline('[a](b) [c][d] [e]: f ![g]')).toBe('[a\\](b) [c\\][d] [e\\]: f \\![g]');
  });

  it('leaves lone brackets and a `<` before a space, a digit or an end bare', () => {
    expect(escapeInline('[1] [sic] a < b x<3 <= <é ] [ (x)')).toBe('[1] [sic] a < b x<3 <= <é ] [ (x)');
  });

  it('reads the next character without writing it: a construct split between two texts is escaped', () => {
    expect(escapeInline('[x]', '(')).toBe('[x\\]');
    expect(escapeInline('a <', 'b')).toBe('a \\<');
    expect(escapeInline('Hi!', '[')).toBe('Hi\\!');
    expect(escapeInline('[x]', ' ')).toBe('[x]');
    expect(escapeInline('a\\', '<')).toBe('a\\\\');
  });

  it('escapes a backslash before a `<` as its own character', () => {
    expect(escapeInline('\\<b>')).toBe('\\\\\\<b>');
  });
});

describe('escapeLabel', () => {
  it('escapes every bracket once, beside an escaped backslash too', () => {
    expect(escapeLabel('[a](b) c\\] <d>')).toBe('\\[a\\](b) c\\\\\\] \\<d>');
    expect(escapeLabel('a <', '[')).toBe('a <');
    expect(escapeLabel('a <', 'b')).toBe('a \\<');
  });
});

describe('line starts and fences a page may hold', () => {
  it('escapes a line of three or more tildes, which would open a fenced code block (CommonMark 4.5)', () => {
    expect(escapeLineStart('~~~ Chapter 2 ~~~')).toBe('\\~~~ Chapter 2 ~~~');
    expect(escapeLineStart('  ~~~~')).toBe('  \\~~~~');
    expect(escapeLineStart('~~ two')).toBe('~~ two');
  });

  it('fences code longer than any backtick run that starts one of its lines, up to three spaces in', () => {
    expect(codeFence('a\n   ````\nb')).toBe('`````');
    expect(codeFence('a\n    ````\nb')).toBe('```');
  });

  it('takes code with more backtick runs than a call has room for arguments', () => {
    const code = 'a`'.repeat(300_000);
    expect(codeSpan(code)).toBe(`\`\` ${code} \`\``);
  });
});

describe('linkDestination', () => {
  it('percent-encodes what would end the destination early or escape its closing parenthesis', () => {
    expect(linkDestination('https://site.example/a b(c?q=\\&r=<x>#\\')).toBe('https://site.example/a%20b%28c?q=%5C&r=%3Cx%3E#%5C');
    expect(linkDestination('https://site.example/a)(b')).toBe('https://site.example/a%29%28b');
  });

  it('keeps balanced parentheses as they are: the destination reads as the page wrote it, as links[].url does', () => {
    expect(linkDestination('https://en.wikipedia.org/wiki/Python_(programming_language)')).toBe('https://en.wikipedia.org/wiki/Python_(programming_language)');
    expect(linkDestination('https://site.example/a b(c)')).toBe('https://site.example/a%20b(c)');
  });

  it('closes a link whose URL ends in a backslash (WHATWG URL keeps it in the query)', () => {
    const { markdown } = bodyRenderers('https://site.example/p');
    expect(markdown('<p><a href="?q=\\">t</a> and <img src="/i.png?\\" alt="i"></p>')).toBe('[t](https://site.example/p?q=%5C) and ![i](https://site.example/i.png?%5C)');
  });
});
