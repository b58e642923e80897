import { parseDocument } from '../parse-document.js';
import { isFooterAfterHeadline } from './footer-after-headline.js';

function page(html: string): { footer: Element; headline: Element | null } {
  const document = parseDocument(`<html><body>${html}</body></html>`);
  return { footer: document.querySelector('footer, .footer')!, headline: document.querySelector('h1') };
}

describe('isFooterAfterHeadline', () => {
  it('answers yes for a footer that follows the headline, however deep each lies', () => {
    const { footer, headline } = page('<div><div><main><h1>Dress</h1><p>Hemp.</p></main></div><div><footer>Clients say</footer></div></div>');
    expect(isFooterAfterHeadline(footer, headline)).toBe(true);
  });

  it('answers no for a footer before the headline, one holding it, or a page without one', () => {
    const before = page('<footer>Top</footer><h1>Title</h1>');
    expect(isFooterAfterHeadline(before.footer, before.headline)).toBe(false);
    const holding = page('<footer><h1>Title</h1></footer>');
    expect(isFooterAfterHeadline(holding.footer, holding.headline)).toBe(false);
    const none = page('<p>Text</p><footer>Bottom</footer>');
    expect(isFooterAfterHeadline(none.footer, none.headline)).toBe(false);
  });

  it('answers no for an element only named a footer (a section of the article may be)', () => {
    const { footer, headline } = page('<h1>Best restaurants</h1><div class="footer">Venues</div>');
    expect(isFooterAfterHeadline(footer, headline)).toBe(false);
  });
});
