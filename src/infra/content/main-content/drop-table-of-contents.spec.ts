import { idsLeftBy } from '../../../../test/unit/support/step-ids.js';
import { dropTableOfContents } from './drop-table-of-contents.js';

const drop = (body: string): string[] => idsLeftBy(dropTableOfContents, body);

describe('dropTableOfContents', () => {
  it('drops a collapsed table\'s title alone', () => {
    expect(drop('<button id="b">Table of contents</button><h2 id="h">Intro</h2><p id="p">Text.</p>')).toEqual(['h', 'p']);
  });

  it('drops a list of links to the page\'s own sections, and its title', () => {
    const toc = `<div id="toc"><p id="title">Table of Contents</p><ul id="list"><li><a href="#what">What is an online course?</a></li>
      <li><a href="#types">Types of online courses</a><ol id="sub"><li><a href="#free">Free ones</a></li></ol></li></ul></div>`;
    const sections = '<h2 id="what">What is an online course?</h2><p id="a">A course online.</p><h2 id="types">Types of online courses</h2><p id="b">Many.</p>';
    expect(drop(`${toc}${sections}`)).toEqual(['toc', 'what', 'a', 'types', 'b']);
  });

  it('keeps a list with a link elsewhere, a list of two, footnotes, a heading that only starts like a title, a title heading over a section, and a title over links to other pages', () => {
    const related = '<ul id="related"><li><a href="#a">One</a></li><li><a href="#b">Two</a></li><li><a href="/three">Three</a></li></ul>';
    const two = '<ul id="two"><li><a href="#a">One</a></li><li><a href="#b">Two</a></li></ul>';
    const notes = `<ol id="notes"><li>Smith, J. (2020), The long book of many things, page 12. <a href="#r1">back</a></li>
      <li>Jones, K. (2021), Another book, page 3. <a href="#r2">back</a></li><li>Lee, M. (2019), Yet another, page 9. <a href="#r3">back</a></li></ol>`;
    const heading = '<h2 id="h">Contents of the box</h2>';
    const section = '<h2 id="toc"><div>Table of Contents</div></h2><p id="see">See <a href="/SUMMARY.md">SUMMARY.md</a></p>';
    const chapter = '<div id="c"><p id="ct"><strong>Table of Contents</strong></p><dl id="dl"><dt><a href="intro.html">11.1. Introduction</a></dt></dl></div>';
    expect(drop(`${related}${two}${notes}${heading}${section}${chapter}`)).toEqual(['related', 'two', 'notes', 'h', 'toc', 'see', 'c', 'ct', 'dl']);
  });
});
