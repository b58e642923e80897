import { parseDocument } from '../parse-document.js';
import { dropRedundantImages } from './drop-redundant-images.js';
import { measureText } from './text-stats.js';

function kept(body: string): string[] {
  const document = parseDocument(`<body>${body}</body>`);
  dropRedundantImages(document.body, measureText(document.body));
  return [...document.querySelectorAll('img')].map((image) => image.getAttribute('alt') ?? '');
}

describe('dropRedundantImages', () => {
  it('drops logos, icons and avatars', () => {
    expect(kept('<img alt="Acme logo" src="a.png"><img alt="User avatar" src="b.png"><img alt="A heron at dawn" src="c.jpg">')).toEqual(['A heron at dawn']);
  });

  it('drops an image whose alt repeats the text of its card', () => {
    expect(kept('<ul><li><a href="/p"><div><img alt="Trail Runner 2" src="p.jpg"></div><span>Trail  runner 2</span></a> $98</li></ul>')).toEqual([]);
  });

  it('keeps an image whose alt says something of its own, and images without alt', () => {
    expect(kept('<figure><img alt="Map of the flooded valley" src="m.png"><figcaption>The valley in May</figcaption></figure><img src="x.png">')).toEqual(['Map of the flooded valley', '']);
  });

  it('drops an image that links to another page, and keeps one that links to its own picture', () => {
    const teaser = '<a href="/shop/hemp-dress"><img alt="Rust dress in a field" src="d.jpg"></a>';
    const lightbox = '<a href="/media/heron-full.JPG?w=2000"><img alt="A heron at dawn" src="h.jpg"></a>';
    expect(kept(`<div>${teaser}<p>Our new season.</p>${lightbox}</div>`)).toEqual(['A heron at dawn']);
  });

  it('drops the images of a gallery (several images, almost no text) and an alt said already', () => {
    const views = [1, 2, 3].map((n) => `<li><img alt="View ${n} of 3 - Trail Runner 2, red" src="${n}.jpg"></li>`).join('');
    const figure = '<figure><img alt="Runner on a ridge" src="r.jpg"><figcaption>Tested on the Alps</figcaption></figure>';
    expect(kept(`<ul>${views}</ul><p>Light and fast.</p>${figure}<div><img alt="Runner on a ridge" src="r2.jpg"></div>`)).toEqual(['Runner on a ridge']);
  });
});
