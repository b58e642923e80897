import { parseDocument } from './parse-document.js';
import { precedes } from './document-order.js';

describe('precedes', () => {
  const document = parseDocument('<body><div><section><h1 id="title">T</h1></section></div><p id="mid">m</p><footer id="end">f</footer></body>');
  const [title, middle, end] = ['title', 'mid', 'end'].map((id) => document.getElementById(id)!);

  it('orders elements of different depths as the page does', () => {
    expect(precedes(title, end)).toBe(true);
    expect(precedes(end, title)).toBe(false);
    expect(precedes(title, middle)).toBe(true);
    expect(precedes(middle, end)).toBe(true);
  });

  it('is what linkedom\'s compareDocumentPosition gets wrong: the shallower footer reads as before the headline there', () => {
    expect(title.compareDocumentPosition(end) & 4).toBe(0);
  });
});
