import { idsLeftBy } from '../../../../test/unit/support/step-ids.js';
import { dropQuickViewButtons } from './drop-quick-view-buttons.js';

const drop = (body: string): string[] => idsLeftBy(dropQuickViewButtons, body);

describe('dropQuickViewButtons', () => {
  it('drops a card\'s hover buttons, keeping its name, price and purchase control', () => {
    const buttons = '<figcaption id="cap"><a id="quick" class="quickview"> Quick view </a><a id="options" href="/chair">View Options</a></figcaption>';
    const card = `<article id="card">${buttons}<h3 id="name">Wit High Back Task Chair</h3><span id="price">$403.00</span><button id="buy">Add to Cart</button></article>`;
    expect(drop(card)).toEqual(['card', 'cap', 'name', 'price', 'buy']);
  });

  it('keeps a link that only starts so', () => {
    expect(drop('<a id="guide" href="/guide">Quick view of our sizing guide</a>')).toEqual(['guide']);
  });
});
