import { describe, it, expect } from '@jest/globals';
import { capToBudget, htmlToMarkdown, pageForModel, READABILITY_SOURCE } from './page-to-markdown.js';

describe('htmlToMarkdown', () => {
  it('writes headings, emphasis, links, nested lists and fenced code', () => {
    const html = [
      '<h2>Sub <em>title</em></h2>',
      '<p>Text with <strong>bold</strong> and a <a href="https://example.com/a">link</a>.</p>',
      '<ol><li>first</li><li>second<ul><li>nested</li></ul></li></ol>',
      '<ul><li>one</li><li>two</li></ul>',
      '<pre><code class="language-js">let a = 1;</code></pre>',
    ].join('');
    expect(htmlToMarkdown(html)).toBe(
      [
        '## Sub _title_',
        '',
        'Text with **bold** and a [link](https://example.com/a).',
        '',
        '1.  first',
        '2.  second',
        '    -   nested',
        '',
        '-   one',
        '-   two',
        '',
        '```js',
        'let a = 1;',
        '```',
      ].join('\n'),
    );
  });

  it('drops scripts, styles and svg, and keeps only the alt text of images', () => {
    const html =
      '<h1>Hi</h1><script>steal()</script><style>p{}</style><svg><text>drawn</text></svg>' +
      '<p><img src="data:image/png;base64,AAAA" alt="A cat"><img src="x.png"> seen</p>';
    expect(htmlToMarkdown(html)).toBe('# Hi\n\n[image: A cat] seen');
  });

  it('collapses runs of blank and whitespace-only lines, and trims', () => {
    expect(htmlToMarkdown('<p>a</p><br><br><br><p>b</p>\n\n')).toBe('a\n\nb');
  });
});

describe('capToBudget', () => {
  const doc = ['# Title', '', 'Intro paragraph here.', '', '## Part one', '', 'Alpha beta gamma.', '', '## Part two', '', 'Delta epsilon.'].join('\n');

  it('returns text that fits unchanged', () => {
    expect(capToBudget(doc, doc.length)).toBe(doc);
  });

  it('cuts before the last heading that fits', () => {
    const cap = doc.indexOf('## Part two') + 20;
    const capped = capToBudget(doc, cap);
    expect(capped).toBe('# Title\n\nIntro paragraph here.\n\n## Part one\n\nAlpha beta gamma.\n\n[truncated]');
    expect(capped.length).toBeLessThanOrEqual(cap);
  });

  it('cuts at a blank line when the last heading would keep too little', () => {
    const text = ['# Head', '', '## Early', '', 'aaaa aaaa aaaa aaaa', '', 'bbbb bbbb bbbb bbbb', '', 'cccc cccc cccc cccc'].join('\n');
    expect(capToBudget(text, 71)).toBe('# Head\n\n## Early\n\naaaa aaaa aaaa aaaa\n\nbbbb bbbb bbbb bbbb\n\n[truncated]');
  });

  it('cuts at a space inside one long paragraph and never exceeds the cap', () => {
    const text = 'word '.repeat(40).trim();
    const capped = capToBudget(text, 50);
    expect(capped).toBe('word word word word word word word\n\n[truncated]');
    for (const cap of [13, 14, 20, 33, 50, 99]) expect(capToBudget(text, cap).length).toBeLessThanOrEqual(cap);
  });

  it('hard-cuts when the cap cannot even hold the marker', () => {
    expect(capToBudget('abcdefghijklmnop', 5)).toBe('abcde');
  });
});

describe('pageForModel', () => {
  it('puts the title first as a heading and caps the result', () => {
    const html = '<p>First paragraph.</p><h2>More</h2><p>' + 'x '.repeat(100) + '</p>';
    expect(pageForModel({ title: '  The\n Page ', contentHtml: html }, 60)).toBe('# The Page\n\nFirst paragraph.\n\n[truncated]');
  });

  it('does not repeat a title the content already starts with', () => {
    expect(pageForModel({ title: 'Same', contentHtml: '<h1>Same</h1><p>Body.</p>' }, 1000)).toBe('# Same\n\nBody.');
  });

  it('works without a title', () => {
    expect(pageForModel({ contentHtml: '<p>Only body.</p>' }, 1000)).toBe('Only body.');
  });
});

describe('READABILITY_SOURCE', () => {
  it('holds the Readability constructor source for injection into a page', () => {
    expect(READABILITY_SOURCE).toContain('function Readability(doc, options)');
    expect(READABILITY_SOURCE.length).toBeGreaterThan(10_000);
  });
});
