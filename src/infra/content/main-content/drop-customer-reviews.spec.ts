import { idsLeftBy } from '../../../../test/unit/support/step-ids.js';
import { dropCustomerReviews } from './drop-customer-reviews.js';

const ITEM = `<h1 id="h">Trail 25 pack</h1><ul id="d"><li>Ripstop nylon main body fabric with a water-repellent finish</li>
  <li>U-shape panel with two zipper sliders for quick access to gear</li><li>Removable hipbelt with a web tensioner</li>
  <li>Included raincover stows away into its own pocket</li></ul>`;
const review = (n: number) => `<p>I took this pack on ${n} day hikes and it carried everything I needed; the side pockets hold a litre bottle each and the hipbelt never slipped.</p>`;
const reviews = (attributes: string, count = 4) => `<section ${attributes}>${Array.from({ length: count }, (_, n) => review(n)).join('')}</section>`;

const drop = (body: string): string[] => idsLeftBy(dropCustomerReviews, body);

describe('dropCustomerReviews', () => {
  it('drops the customer reviews, by their class or id words or their widget\'s (Yotpo, Bazaarvoice, Judge.me...)', () => {
    expect(drop(`${ITEM}${reviews('id="r" class="product-reviews__list"')}`)).toEqual(['h', 'd']);
    expect(drop(`${ITEM}${reviews('id="r" class="yotpo-main-widget"')}`)).toEqual(['h', 'd']);
    expect(drop(`${ITEM}${reviews('id="reviews"')}`)).toEqual(['h', 'd']);
  });

  it('keeps a rating summary (short), a single review named in the singular, and a wrapper of most of the page', () => {
    expect(drop(`${ITEM}<div id="s" class="user_reviews">Very Positive (88% of 3,065)</div>`)).toEqual(['h', 'd', 's']);
    expect(drop(`${ITEM}${reviews('id="r" class="bosch-800-review"')}`)).toEqual(['h', 'd', 'r']);
    expect(drop(`<div id="w" class="reviews-page">${ITEM}${reviews('id="r" class="list"', 8)}</div>`)).toEqual(['w', 'h', 'd', 'r']);
  });
});
