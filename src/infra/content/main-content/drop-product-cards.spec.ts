import { idsLeftBy } from '../../../../test/unit/support/step-ids.js';
import { dropProductCards } from './drop-product-cards.js';

const ITEM = `<h1 id="h">Catena DID 520ers3</h1><p id="price">EUR 163.12</p>
  <p id="d">A gold O-ring chain for road bikes, 104 links, with its clip lock; sold by a shop in Milan since 1987.</p>`;
const card = (n: number, price = '$153.43') => `<li><a href="/itm/${n}"><img src="${n}.jpg" alt="">Cadena did ${n} eslabones</a><span>${price}</span> + $72.02 delivery</li>`;
const rail = (id: string, count: number) => `<ul id="${id}">${Array.from({ length: count }, (_, n) => card(n)).join('')}</ul>`;

const drop = (body: string): string[] => idsLeftBy(dropProductCards, body);

describe('dropProductCards', () => {
  it('drops rails of repeated product cards (picture, link, price) around the item, headed or not', () => {
    expect(drop(`<div id="item">${ITEM}</div>${rail('sponsored', 3)}<section id="s"><h2>More</h2>${rail('similar', 3)}</section>`)).toEqual(['item', 'h', 'price', 'd', 's']);
  });

  it('keeps the cards when they are most of the page (a listing), and lists whose items are not cards', () => {
    expect(drop(`<div id="item">${ITEM}</div>${rail('grid', 12)}`)).toEqual(['item', 'h', 'price', 'd', 'grid']);
    const offers = '<ul id="offers"><li><a href="/a">Air purifiers</a> - $50 off</li><li><a href="/b">Dehumidifiers</a> - $40 off</li><li><a href="/c">Fans</a> - $25 off</li></ul>';
    expect(drop(`<div id="item">${ITEM}</div>${offers}`)).toEqual(['item', 'h', 'price', 'd', 'offers']);
  });

  it('keeps a rail whose children are mostly not cards, or fewer than three cards', () => {
    const mixed = `<div id="mixed">${card(1)}${card(2)}${card(3)}<p>one</p><p>two</p><p>three</p></div>`;
    expect(drop(`<div id="item">${ITEM}</div>${mixed}${rail('two', 2)}`)).toEqual(['item', 'h', 'price', 'd', 'mixed', 'two']);
  });
});
