import { idsLeftBy } from '../../../../test/unit/support/step-ids.js';
import { dropDoubledText } from './drop-doubled-text.js';

const drop = (body: string): string[] => idsLeftBy(dropDoubledText, body);

describe('dropDoubledText', () => {
  it('drops the last copy that repeats the text before it, and keeps the text once', () => {
    const label = '<span id="label">Seller\'s other items<span id="copy" class="clipped">Seller\'s other items</span></span>';
    const price = '<div id="price"><span id="shown">EUR 20.99</span><span id="again">EUR 20.99</span></div>';
    expect(drop(`${label}${price}`)).toEqual(['label', 'price', 'shown']);
  });

  it('keeps a last child that says something else, a short repeat and a copy that holds elements', () => {
    const other = '<span id="other">Price<span id="amount">EUR 20.99</span></span>';
    const short = '<p id="short">Bora <span id="bora">Bora</span></p>';
    const nested = '<div id="nested">New items<span id="outer"><b id="inner">New items</b></span></div>';
    expect(drop(`${other}${short}${nested}`)).toEqual(['other', 'amount', 'short', 'bora', 'nested', 'outer', 'inner']);
  });
});
