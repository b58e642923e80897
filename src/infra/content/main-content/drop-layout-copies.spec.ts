import { idsLeftBy } from '../../../../test/unit/support/step-ids.js';
import { dropLayoutCopies } from './drop-layout-copies.js';

const drop = (body: string): string[] => idsLeftBy(dropLayoutCopies, body);
const SECTION = 'Our studio plans, builds and runs websites for small companies that have no time to do it themselves. '.repeat(3);
/** A section's text of its own, so that the cases of one test are not copies of each other. */
const text = (topic: string) => `${topic}: ${SECTION}`;

describe('dropLayoutCopies', () => {
  it('drops the variants of a section written once per screen size, keeping the first', () => {
    const variant = (id: string, hidden: string) => `<div id="${id}" class="ssr-variant ${hidden}"><div id="${id}-in"><h2>Who we are</h2><p>${SECTION}</p></div></div>`;
    expect(drop(`${variant('desktop', 'hidden-a')}${variant('tablet', 'hidden-b')}<p id="after">Contact us.</p>${variant('phone', 'hidden-c')}`))
      .toEqual(['desktop', 'desktop-in', 'after']);
  });

  it('drops a template used twice when it is a whole section', () => {
    const long = `<p>${SECTION.repeat(4)}</p>`;
    expect(drop(`<div class="body" id="a">${long}</div><div class="body" id="b">${long}</div>`)).toEqual(['a']);
  });

  it('keeps a writer\'s repeats: a paragraph, a list\'s shared blurb, a quote, code, tab panels, short texts', () => {
    const paragraph = `<p id="p1">${text('paragraph')}</p><p id="p2">${text('paragraph')}</p>`;
    const events = `<ul><li id="e1"><b>May 2</b><p>${text('events')}</p></li><li id="e2"><b>May 9</b><p>${text('events')}</p></li></ul>`;
    const quote = `<div class="message" id="post">${text('post')}</div><blockquote id="quote"><div class="quoted">${text('post')}</div></blockquote>`;
    const code = `<div class="a" id="c1"><pre>${text('code')}</pre></div><div class="b" id="c2"><pre>${text('code')}</pre></div>`;
    const tabs = `<div role="tabpanel" id="t1" class="x">${text('tabs')}</div><div role="tabpanel" id="t2" class="y">${text('tabs')}</div>`;
    const short = '<div class="a" id="s1">Free delivery over $50.</div><span id="s2">Free delivery over $50.</span>';
    expect(drop(`${paragraph}${events}${quote}${code}${tabs}${short}`))
      .toEqual(['p1', 'p2', 'e1', 'e2', 'post', 'quote', 'c1', 'c2', 't1', 't2', 's1', 's2']);
  });
});
