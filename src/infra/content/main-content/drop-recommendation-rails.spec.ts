import { idsLeftBy } from '../../../../test/unit/support/step-ids.js';
import { dropRecommendationRails } from './drop-recommendation-rails.js';

const PROSE = 'The product is made of cotton and sewn to last for years of wear. '.repeat(4);

const drop = (body: string): string[] => idsLeftBy(dropRecommendationRails, body);

describe('dropRecommendationRails', () => {
  it('drops the section that a recommendation heading leads ("also viewed"), and keeps the item', () => {
    const cards = '<ul><li><a href="/a">Tee</a> $20</li><li><a href="/b">Shirt</a> $25</li></ul>';
    const ids = drop(`<section id="item"><h2 id="h">Staple tee</h2><p id="p">${PROSE}</p></section>
      <section id="rail"><div id="head"><h2>People who viewed this item also viewed</h2></div>${cards}</section>`);
    expect(ids).toEqual(['item', 'h', 'p']);
  });

  it('drops only the heading and the siblings after it when it shares its parent with prose', () => {
    const ids = drop(`<div id="post"><p id="p">${PROSE}</p><h3 id="h">You'll Also Love...</h3><ul id="l"><li><a href="/x">Story</a></li></ul>
      <h3 id="next">Sources</h3><p id="s">A source.</p></div>`);
    expect(ids).toEqual(['post', 'p', 'next', 's']);
  });

  it('drops the rails of shops and blogs alike ("Customers also bought", "Recently viewed", "Related posts", "You may also enjoy")', () => {
    const rail = (id: string, heading: string) => `<aside id="${id}"><div><h3>${heading}</h3></div><ul><li><a href="/x">Other</a></li></ul></aside>`;
    const ids = drop(`<article id="a"><p id="p">${PROSE}</p></article>${rail('r1', 'Customers also bought')}${rail('r2', 'Recently viewed')}
      ${rail('r3', 'Related Posts')}${rail('r4', 'You may also enjoy')}`);
    expect(ids).toEqual(['a', 'p']);
  });

  it('drops a site\'s news rails too ("Latest news", "More in this category", "Trending stories", "Most read", "More like this"), not a story titled "Most popular"', () => {
    const rail = (id: string, heading: string) => `<aside id="${id}"><div><h3>${heading}</h3></div><ul><li><a href="/x">Other</a></li></ul></aside>`;
    const ids = drop(`<article id="a"><p id="p">${PROSE}</p></article>${rail('r1', 'Latest News')}${rail('r2', 'More in this category')}
      ${rail('r3', 'Trending stories')}${rail('r4', 'Most read')}${rail('r5', 'More like this')}`);
    expect(ids).toEqual(['a', 'p']);
    expect(drop(`<p id="p">${PROSE}</p><div id="c"><h4><a href="/nfl">America's Most Popular NFL Teams</a></h4><p>Aug 20</p></div>`)).toEqual(['p', 'c']);
  });

  it('keeps a section whose heading is not a recommendation\'s, a rail that is most of the content, and prose after a rail heading', () => {
    expect(drop(`<section id="a"><h2 id="h">Details</h2><p id="p">${PROSE}</p></section>`)).toEqual(['a', 'h', 'p']);
    expect(drop(`<section id="all"><h2 id="h">Similar items</h2><ul id="l"><li>${PROSE.repeat(4)}</li></ul></section><p id="p">Short.</p>`)).toEqual(['all', 'h', 'l', 'p']);
    expect(drop(`<div id="d"><p id="p">${PROSE}</p><h3 id="h">Related products</h3><p id="q">${PROSE}</p></div>`)).toEqual(['d', 'p', 'q']);
  });
});
