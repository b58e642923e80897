import { idsLeftBy } from '../../../../test/unit/support/step-ids.js';
import { dropMerchandisingBadges } from './drop-merchandising-badges.js';

const drop = (body: string): string[] => idsLeftBy(dropMerchandisingBadges, body);

const card = (n: number, badge: string): string =>
  `<div id="card${n}"><div id="badge${n}"><span id="sticker${n}">${badge}</span></div><a id="name${n}">Trail boot ${n}</a></div>`;

describe('dropMerchandisingBadges', () => {
  it('drops a sticker worn by several cards of a grid, keeping the cards', () => {
    expect(drop(`${card(1, 'Top Rated')}${card(2, ' top  rated ')}`)).toEqual(['card1', 'badge1', 'name1', 'card2', 'badge2', 'name2']);
  });

  it('keeps a sticker worn once: it may be the page\'s own word', () => {
    expect(drop(`${card(1, 'New')}${card(2, 'Best Seller')}`)).toEqual([
      'card1', 'badge1', 'sticker1', 'name1', 'card2', 'badge2', 'sticker2', 'name2',
    ]);
  });

  it('keeps the word inside a sentence or in code', () => {
    const prose = '<p id="p1">What is <em id="e1">new</em> this week</p><p id="p2">And <em id="e2">new</em> again</p>';
    const code = '<pre id="pre"><code id="code"><span id="k1">new</span> List(); <span id="k2">new</span> Map();</code></pre>';
    expect(drop(`${prose}${code}`)).toEqual(['p1', 'e1', 'p2', 'e2', 'pre', 'code', 'k1', 'k2']);
  });

  it("keeps a table's or a definition list's value: an item's condition is data", () => {
    const table = '<table><tbody><tr id="r1"><td id="c1">New</td><td>Boot</td></tr><tr id="r2"><td id="c2"><span id="s2">New</span></td><td>Tent</td></tr></tbody></table>';
    const list = '<dl id="dl"><dt id="t1">Condition</dt><dd id="d1">New</dd><dt id="t2">State</dt><dd id="d2">New</dd></dl>';
    expect(drop(`${table}${list}`)).toEqual(expect.arrayContaining(['c1', 'c2', 's2', 'd1', 'd2']));
  });
});
