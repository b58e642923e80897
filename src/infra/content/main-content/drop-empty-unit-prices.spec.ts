import { idsLeftBy } from '../../../../test/unit/support/step-ids.js';
import { dropEmptyUnitPrices } from './drop-empty-unit-prices.js';

const drop = (body: string): string[] => idsLeftBy((root) => dropEmptyUnitPrices(root), body);

const unitPrice = (id: string, amount: string, unit: string): string => `<small id="${id}" class="unit-price caption hidden">
  <span class="visually-hidden">Unit price</span><span class="price-item"><span>${amount}</span><span aria-hidden="true">/</span>
  <span class="visually-hidden">&nbsp;per&nbsp;</span><span>${unit}</span></span></small>`;

describe('dropEmptyUnitPrices', () => {
  it('drops a unit-price field with no amount, and keeps the price beside it', () => {
    const price = '<div id="price"><span id="sale">Sale price $129.99</span></div>';
    expect(drop(`<div id="card">${price}${unitPrice('empty', '', ' ')}</div>`)).toEqual(['card', 'price', 'sale']);
  });

  it('keeps a unit-price field that states its amount', () => {
    expect(drop(`<div id="card">${unitPrice('filled', '$1.20', '100 g')}</div>`)).toEqual(['card', 'filled']);
  });
});
