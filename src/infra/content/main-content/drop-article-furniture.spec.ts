import { idsLeftBy } from '../../../../test/unit/support/step-ids.js';
import { dropArticleFurniture } from './drop-article-furniture.js';

const PROSE = `<p>${'Prose of the story that is long enough to matter. '.repeat(12)}</p>`;

const ids = (body: string): string[] => idsLeftBy(dropArticleFurniture, body);

describe('dropArticleFurniture', () => {
  it('drops captions, bylines, author boxes and credits inside an article', () => {
    expect(ids(`<div class="byline" id="by">By Ann Lee</div>${PROSE}<figure id="f"><img src="a.png"><figcaption id="cap">A caption</figcaption></figure>
      <p class="wp-caption-text" id="wp">Another caption</p>${PROSE}<div class="post-author" id="pa">Ann writes</div>
      <div class="author-box" id="ab">About Ann</div><span class="photo-credit" id="pc">Photo: X</span>`)).toEqual(['f']);
  });

  it('reads only the name\'s last word: a type size or a listing field stays', () => {
    expect(ids(`${PROSE}<div class="caption-m" id="c">Faster inference</div><div class="card_authors" id="a">Ann, Bob</div>${PROSE}`))
      .toEqual(['c', 'a']);
  });

  it('leaves content that is not written in paragraphs alone (a product, a service)', () => {
    expect(ids(`<ul><li>Feature one</li><li>Feature two</li></ul><figure id="f"><figcaption id="cap">The product</figcaption></figure>`))
      .toEqual(['f', 'cap']);
  });
});
