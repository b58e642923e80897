import { parseDocument } from '../parse-document.js';
import { dropLinkBlocks } from './drop-link-blocks.js';
import { measureText } from './text-stats.js';

const PARAGRAPH = `<p>${'A sentence of the story itself. '.repeat(8)}</p>`;
const RAIL = '<div id="rail"><a href="/a">Another story about something</a> <a href="/b">A third story</a> Ad</div>';

function kept(body: string): string[] {
  const document = parseDocument(`<body><div id="root">${body}</div></body>`);
  const root = document.getElementById('root')!;
  dropLinkBlocks(root, measureText(document.body));
  return [...root.querySelectorAll('[id]')].map((element) => element.id);
}

describe('dropLinkBlocks', () => {
  it('drops a block of links inside prose content', () => {
    expect(kept(`<div id="story">${PARAGRAPH.repeat(3)}</div>${RAIL}`)).toEqual(['story']);
  });

  it('keeps a bare list of links (a documentation index), a block with its own heading, and one with the headline', () => {
    const list = '<ul id="index"><li><a href="/x">String</a></li><li><a href="/y">Hash</a></li></ul>';
    const section = '<section id="services"><h3>Our services</h3><a href="/w">Writing</a> <a href="/t">Translation and more</a></section>';
    const headline = '<div id="top"><h1><a href="/">The headline of the story</a></h1></div>';
    expect(kept(`${headline}<div id="story">${PARAGRAPH.repeat(3)}</div>${list}${section}`)).toEqual(['top', 'story', 'index', 'services']);
  });

  it('keeps everything when the content is itself mostly links (a listing)', () => {
    const cards = '<div id="grid">' + '<a href="/p">A product with a long enough name</a> '.repeat(12) + '</div>';
    expect(kept(`<p id="intro">Shop the range.</p>${cards}${RAIL}`)).toEqual(['intro', 'grid', 'rail']);
  });

  it('keeps a block of links that holds half the content or more', () => {
    const big = `<div id="big"><a href="/a">${'linked '.repeat(9)}</a> ${'plain words '.repeat(3)}</div>`;
    expect(kept(`<p id="intro">${'Short words. '.repeat(6)}</p>${big}`)).toEqual(['intro', 'big']);
  });
});
