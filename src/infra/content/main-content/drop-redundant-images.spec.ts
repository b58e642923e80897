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

  it("reads a gallery's links once, and takes a container of more than 12 links for no card (it was every link for every image: 10,000 linked thumbnails took 92 s)", () => {
    const items = Array.from({ length: 2000 }, (_, i) => `<a href="/p${i}"><img src="/t${i}.jpg"></a>`).join('');
    const document = parseDocument(`<body><p>Pictures.</p><div id="g">${items}<a href="/p7">Seventh</a></div></body>`);
    const gallery = document.getElementById('g')!;
    const read = gallery.getElementsByTagName.bind(gallery);
    let reads = 0;
    gallery.getElementsByTagName = ((name: string) => ((reads += 1), read(name))) as typeof gallery.getElementsByTagName;
    dropRedundantImages(document.body, measureText(document.body));
    expect([reads, document.querySelectorAll('img').length]).toEqual([1, 2000]);
  });

  it('takes a link of more than 12 pictures for a gallery, not a teaser: its pictures stay, and none walks the link again', () => {
    const pictures = Array.from({ length: 500 }, (_, i) => `<img src="/t${i}.jpg">`).join('');
    expect(kept(`<a href="/album"><h3>Album</h3>${pictures}</a>`)).toHaveLength(500);
    expect(kept('<a href="/album"><h3>Album</h3><img src="/t1.jpg"></a>')).toEqual([]);
  });

  it('drops a teaser\'s thumbnail, with or without alt, and keeps one that links to its own picture', () => {
    const teaser = '<li><a href="/shop/hemp-dress"><img alt="Rust dress in a field" src="d.jpg"></a><a href="/shop/hemp-dress#top">Hemp dress</a></li>';
    const bare = '<li><a href="/shop/linen-shirt"><img src="s.jpg"></a><h3><a href="/shop/linen-shirt">Linen shirt</a></h3></li>';
    const card = '<li><a href="/shop/wool-coat"><div><img alt="Coat on a hanger" src="c.jpg"></div><div><span>Wool coat</span></div></a></li>';
    const lightbox = '<a href="/media/heron-full.JPG?w=2000"><img alt="A heron at dawn" src="h.jpg"></a>';
    expect(kept(`<ul>${teaser}${bare}${card}</ul><p>Our new season.</p>${lightbox}`)).toEqual(['A heron at dawn']);
  });

  it('keeps an image in a link of the content\'s own, with or without alt, and one in a link that goes nowhere', () => {
    const links = ['<p>See <a href="/img"><img alt="Pic" src="i.png"></a></p>', '<p><a href="/img3"><img src="i3.png"></a></p>',
      '<p><a href="/img4"><img alt="Pic4" src="i4.png"> caption</a></p>', '<p><a href="javascript:void(0)"><img alt="In a script link" src="j.png"></a></p>',
      '<p><a href="data:text/plain,x"><img alt="In a data link" src="d.png"></a></p>', '<p><a href="#top"><img alt="In a fragment link" src="f.png"></a></p>'];
    expect(kept(links.join(''))).toEqual(['Pic', '', 'Pic4', 'In a script link', 'In a data link', 'In a fragment link']);
  });

  it('drops the images of a gallery (several images, almost no text) and an alt said already', () => {
    const views = [1, 2, 3].map((n) => `<li><img alt="View ${n} of 3 - Trail Runner 2, red" src="${n}.jpg"></li>`).join('');
    const figure = '<figure><img alt="Runner on a ridge" src="r.jpg"><figcaption>Tested on the Alps</figcaption></figure>';
    expect(kept(`<ul>${views}</ul><p>Light and fast.</p>${figure}<div><img alt="Runner on a ridge" src="r2.jpg"></div>`)).toEqual(['Runner on a ridge']);
  });
});
