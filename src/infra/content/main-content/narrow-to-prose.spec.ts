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
