import { parseDocument } from '../parse-document.js';
import { isDatedThread } from './dated-thread.js';
import { measureText } from './text-stats.js';

const TEXT = 'A short reply to the thread, in a few words. ';
const post = (dated: boolean, text = TEXT) => `<article class="message">${dated ? '<time>Jul 18, 2024</time>' : ''}<p>${text}</p></article>`;

/** Whether the articles under #series, with any before it, read as a dated thread. */
function judge(html: string): boolean {
  const body = parseDocument(`<html><body>${html}</body></html>`).body;
  const matches = [...body.querySelectorAll('article')];
  return isDatedThread(body.querySelector('#series')!, matches, measureText(body));
}

describe('isDatedThread', () => {
  it('takes five or more dated posts of prose', () => {
    expect(judge(`<div id="series">${post(true).repeat(5)}</div>`)).toBe(true);
  });

  it('counts a post once when its marked body sits inside its marked box', () => {
    const nested = `<article class="message"><time>Jul 18, 2024</time><article class="message-body"><p>${TEXT}</p></article></article>`;
    expect(judge(`<div id="series">${nested.repeat(5)}</div>`)).toBe(true);
    expect(judge(`<div id="series">${nested.repeat(4)}</div>`)).toBe(false);
  });

  it('refuses cards without dates (a shop\'s grid) and too few posts', () => {
    expect(judge(`<div id="series">${post(false).repeat(8)}</div>`)).toBe(false);
    expect(judge(`<div id="series">${post(true).repeat(4)}</div>`)).toBe(false);
  });

  it('refuses dated teasers that are mostly links (a news section)', () => {
    expect(judge(`<div id="series">${post(true, `<a href="/s">${TEXT}</a>`).repeat(6)}</div>`)).toBe(false);
  });

  it('refuses replies when the first post stands apart from them', () => {
    expect(judge(`<div>${post(true)}</div><div id="series">${post(true).repeat(6)}</div>`)).toBe(false);
  });
});
