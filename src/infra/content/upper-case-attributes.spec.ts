import { describe, expect, it } from '@jest/globals';
import { describePage, renderPageContent } from './page-content.js';
import { parseDocument } from './parse-document.js';

const URL_ = 'https://old.example/dir/page.html';
const request = (overrides: object = {}) => ({ format: 'markdown' as const, mainContent: false, includeSelectors: [], excludeSelectors: [], scripted: false, ...overrides });

/** A page as older sites write it: tag and attribute names in capitals. */
const PAGE = `<HTML LANG="en"><HEAD><TITLE>Old page</TITLE>
<META PROPERTY="og:title" CONTENT="Upper OG title"><META NAME="description" CONTENT="Upper description">
<LINK REL="canonical" HREF="/canonical.html"></HEAD>
<BODY><DIV ID="content"><H1>Story</H1>
<P>The story itself, long enough to be the page's content, with a <A HREF="other.html">link</A> and a picture
<IMG SRC="pic.png" ALT="A picture">. ${'More words of the story. '.repeat(30)}</P>
<DIV CLASS="comments"><P>A comment that is not the story.</P></DIV></DIV></BODY></HTML>`;

describe('attribute names read as a browser reads them (lower-cased once, in parseDocument)', () => {
  it('lower-cases HTML attribute names, keeps the first of two that collide, and leaves SVG as written', () => {
    const document = parseDocument('<p><A HREF="first" href="second" Data-X="1">a</A><svg viewBox="0 0 1 1"></svg></p>');
    const anchor = document.querySelector('a')!;
    expect([...anchor.attributes].map(({ name, value }) => `${name}=${value}`).sort()).toEqual(['data-x=1', 'href=first']);
    expect(document.querySelectorAll('a[href]')).toHaveLength(1);
    expect(document.querySelector('svg')!.getAttribute('viewBox')).toBe('0 0 1 1');
  });

  it('lower-cases what follows </html> too (moved into the body), and nothing made after the parse', () => {
    const document = parseDocument('<html><head></head><body><p>x</p></body></html><DIV CLASS="late">y</DIV>');
    expect(document.body.querySelector('.late')?.textContent).toBe('y');
    const made = document.createAttribute('Data-Made');
    expect(made.name).toBe('Data-Made');
    const other = parseDocument('<p ID="a">x</p>');
    expect(other.querySelector('#a')).not.toBeNull();
    expect(document.querySelector('[class="late"]')).not.toBeNull();
  });

  it('finds <A HREF> links', () => {
    expect(describePage(PAGE, URL_, request()).links).toEqual([{ url: 'https://old.example/dir/other.html', text: 'link' }]);
  });

  it('reads <META PROPERTY CONTENT> and <LINK REL HREF> metadata', () => {
    const { metadata } = describePage(PAGE, URL_, request());
    expect(metadata.title).toBe('Upper OG title');
    expect(metadata.description).toBe('Upper description');
    expect(metadata.language).toBe('en');
    expect(metadata.canonical_url).toBe('https://old.example/canonical.html');
  });

  it('renders <A HREF> and <IMG SRC> as Markdown links and images', () => {
    const markdown = renderPageContent(PAGE, URL_, request());
    expect(markdown).toContain('[link](https://old.example/dir/other.html)');
    expect(markdown).toContain('![A picture](https://old.example/dir/pic.png)');
  });

  it('removes <DIV CLASS="comments"> as boilerplate from the main content', () => {
    const text = renderPageContent(PAGE, URL_, request({ format: 'text', mainContent: true }));
    expect(text).toContain('The story itself');
    expect(text).not.toContain('A comment that is not the story.');
  });
});
