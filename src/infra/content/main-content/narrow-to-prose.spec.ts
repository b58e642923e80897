import { pickedBy } from '../../../../test/unit/support/content-step.js';
import { narrowToProse } from './narrow-to-prose.js';

const PARAGRAPH = `<p>${'A sentence of the story itself. '.repeat(8)}</p>`;

const narrowed = (body: string) => pickedBy(narrowToProse, body);

describe('narrowToProse', () => {
  it('steps down into the child that holds nearly all the prose', () => {
    expect(narrowed(`<div id="page"><div id="story">${PARAGRAPH.repeat(6)}</div><ul><li><a href="/a">Another story</a></li></ul></div>`)).toBe('story');
  });

  it('stays where the prose is spread over several children', () => {
    expect(narrowed(`<div id="page"><div id="one">${PARAGRAPH.repeat(3)}</div><div id="two">${PARAGRAPH.repeat(3)}</div></div>`)).toBe('page');
  });

  it('never narrows to a single paragraph, and not at all with too little prose', () => {
    expect(narrowed(`<div id="page"><p id="only">${'word '.repeat(300)}</p><span>x</span></div>`)).toBe('page');
    expect(narrowed(`<div id="page"><div id="story"><p>Short.</p></div></div>`)).toBe('body');
  });

  it('stays above a definition: one class documented at length keeps its signature and the page\'s other sections', () => {
    const page = `<section id="module-graphlib"><h1>graphlib</h1><p>Source code: Lib/graphlib.py</p><dl class="py class"><dt id="graphlib.TopologicalSorter">class graphlib.TopologicalSorter(graph=None)</dt><dd id="about">${PARAGRAPH.repeat(8)}</dd></dl><section id="exceptions"><h2>Exceptions</h2><p>CycleError.</p></section></section>`;
    expect(narrowed(`<div id="body">${page}</div>`)).toBe('module-graphlib');
  });

  it('stays above two documents of one page (two anchored sections, each under its h1), however the prose is shared', () => {
    const first = `<section id="module-urllib.request"><span id="a"></span><h1>urllib.request</h1>${PARAGRAPH.repeat(12)}</section>`;
    const second = `<section id="module-urllib.response"><h1>urllib.response</h1><p>Response classes used by urllib.</p></section>`;
    expect(narrowed(`<div id="body">${first}${second}</div>`)).toBe('body');
    // Not a shop's columns that happen to open with an h1: sections without anchors are no documents.
    expect(narrowed(`<div id="page"><section id="story"><h1>A product</h1>${PARAGRAPH.repeat(12)}</section><section><h1>A product</h1><p>Again.</p></section></div>`)).toBe('story');
  });

  it('does not count link lists as prose', () => {
    const links = `<p>${'<a href="/x">a linked headline here</a> '.repeat(30)}</p>`;
    expect(narrowed(`<div id="page"><div id="story">${PARAGRAPH.repeat(6)}</div><div id="links">${links.repeat(3)}</div></div>`)).toBe('story');
  });
  it('does not judge by paragraphs a page whose text is mostly outside them (a story written with <br>)', () => {
    const story = `<div id="story">${'A line of the story itself, not in a paragraph.<br>'.repeat(60)}</div>`;
    expect(narrowed(`<div id="page">${story}<div id="bio">${PARAGRAPH.repeat(2)}</div></div>`)).toBe('body');
  });

  it('does not narrow into the one post written in paragraphs when its replies are written with <br>', () => {
    const reply = `<div class="message">${'A reply line, not in a paragraph.<br>'.repeat(20)}</div>`;
    expect(narrowed(`<div id="thread"><div class="message" id="first">${PARAGRAPH.repeat(4)}</div>${reply}${reply}</div>`)).toBe('thread');
  });
});
