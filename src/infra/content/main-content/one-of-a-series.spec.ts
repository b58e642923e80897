import { parseDocument } from '../parse-document.js';
import { isOneOfSeries } from './one-of-a-series.js';
import { measureText } from './text-stats.js';

const TEXT = 'A reply written with line breaks.<br>'.repeat(8);

function judged(body: string, id: string): boolean {
  const document = parseDocument(`<body>${body}</body>`);
  return isOneOfSeries(document.getElementById(id)!, measureText(document.body));
}

describe('isOneOfSeries', () => {
  it('finds a post among replies of its tag and class that weigh at least half of it', () => {
    expect(judged(`<div><div class="message" id="m1">${TEXT}</div><div class="message">${TEXT}</div></div>`, 'm1')).toBe(true);
    expect(judged(`<div><article class="x" id="a1">${TEXT}</article><article class="x">${TEXT}</article></div>`, 'a1')).toBe(true);
  });

  it('not when the others are slight, or shaped otherwise', () => {
    expect(judged(`<div><div class="message" id="m1">${TEXT.repeat(4)}</div><div class="message">${TEXT}</div></div>`, 'm1')).toBe(false);
    expect(judged(`<div><div class="message" id="m1">${TEXT}</div><div class="message other">${TEXT}</div></div>`, 'm1')).toBe(false);
  });

  it('not for a box not named as a post (a shop page keeps its description, not every section beside it)', () => {
    expect(judged(`<div><div class="section" id="s1">${TEXT}</div><div class="section">${TEXT}</div></div>`, 's1')).toBe(false);
  });
});
