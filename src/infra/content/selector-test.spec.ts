import { describe, expect, it } from '@jest/globals';
import { elementsWhere } from './find-elements.js';
import { parseDocument } from './parse-document.js';
import { selectorTest } from './selector-test.js';

const HTML = `<html><body>
  <div id="a" class="message-userTitle x"><IMG id="i1" alt="a"><img id="i2"><img id="i3" alt=""></div>
  <div id="b" class="blockMessage--important u-noJsOnly"></div><div id="c" class="blockMessage--important"></div>
  <span id="d" class="x\tw-form-done" itemprop="upvoteCount"></span><span id="e" class="Message-userTitle" itemprop="upvotecount"></span>
  <template id="t"><p id="in-template" class="w-form-fail"></p></template>
  <h2 id="h2"></h2><H3 id="h3" class="message-userTitle-more"></H3><h4 id="h4"></h4><h5 id="h5"></h5>
</body></html>`;

const SELECTORS = [
  'img[alt]',
  '.message-userTitle, .usertitle',
  '.js-bottom-notice, .blockMessage--important.u-noJsOnly, .w-form-done, .w-form-fail',
  '[itemprop="upvoteCount"], [itemprop="downvoteCount"]',
  'h2, h3, h4',
  'div.blockMessage--important',
];

describe('selectorTest: simple selectors answered as the selector engine answers them', () => {
  const document = parseDocument(HTML);

  it.each(SELECTORS)('finds what querySelectorAll finds for %s', (selector) => {
    expect(elementsWhere(document, selectorTest(selector))).toEqual([...document.querySelectorAll(selector)]);
  });

  it('leaves other selectors to the engine', () => {
    for (const selector of ['div p', 'a:not(.x)', '[href^="#"]', "[itemprop='x']", '*', '.a,']) expect(() => selectorTest(selector)).toThrow();
  });

  it('names the attribute a list requires, when every selector of it asks the same one', () => {
    const classes = selectorTest('.usertitle, div.blockMessage--important.u-noJsOnly').required;
    expect(classes?.name).toBe('class');
    expect(classes?.values.test('a usertitle')).toBe(true);
    expect(classes?.values.test('x\nu-noJsOnly y')).toBe(true);
    expect(classes?.values.test('usertitle-more')).toBe(false);
    const votes = selectorTest('[itemprop="upvoteCount"], span[itemprop="downvoteCount"]').required;
    expect(votes?.name).toBe('itemprop');
    expect(votes?.values.test('name\ndownvoteCount\n')).toBe(true);
    expect(votes?.values.test('upvoteCounts')).toBe(false);
    expect(selectorTest('h2, .usertitle').required).toBeNull();
    expect(selectorTest('img[alt]').required).toBeNull();
    expect(selectorTest('[itemprop="a"], [role="b"]').required).toBeNull();
  });
});
