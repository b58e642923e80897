import { parseDocument } from '../parse-document.js';
import { dropReadMoreLinks } from './drop-read-more-links.js';
import { measureText } from './text-stats.js';

const left = (body: string): string => {
  const root = parseDocument(`<body><div id="root">${body}</div></body>`).getElementById('root')!;
  dropReadMoreLinks(root, measureText(root));
  return root.textContent!.replace(/\s+/g, ' ').trim();
};

describe('dropReadMoreLinks', () => {
  it('drops links whose whole text only opens more ("Read more »", "See all", "Continue reading", "Add to cart")', () => {
    expect(left('<p>Our tests of twelve mixers. <a href="/m">Read more »</a></p><a href="/all">See all →</a>')).toBe('Our tests of twelve mixers.');
    expect(left('<li><a href="/t">Tee</a> $20 <a href="/cart">Add to cart</a></li><a href="/s">Continue reading…</a>')).toBe('Tee $20');
    expect(left('<a href="/v">Show more</a><a href="/f">Read the full story</a>')).toBe('');
  });

  it('keeps links that say more than that, and "Learn more", which pages write as a section\'s call to action', () => {
    expect(left('<a href="/r">Read more about our return policy and the warranty on every mixer</a>')).toBe('Read more about our return policy and the warranty on every mixer');
    expect(left('<a href="/x">Learn more</a> <a href="/y">Read the manual</a>')).toBe('Learn more Read the manual');
  });
});
