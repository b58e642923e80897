import { parseDocument } from '../parse-document.js';
import { isPageChrome } from './page-chrome.js';

function chrome(html: string): boolean {
  const element = parseDocument(`<body>${html}</body>`).body.firstElementChild!;
  return isPageChrome(element, `${element.getAttribute('class') ?? ''} ${element.getAttribute('id') ?? ''}`);
}

describe('isPageChrome', () => {
  it('reads a header, footer or menu by tag, role or a whole class or id word', () => {
    expect(chrome('<header>Logo</header>')).toBe(true);
    expect(chrome('<nav>Menu</nav>')).toBe(true);
    expect(chrome('<div role="contentinfo">(c)</div>')).toBe(true);
    expect(chrome('<div class="header cmp-header">Menu</div>')).toBe(true);
    expect(chrome('<div id="site-footer">(c)</div>')).toBe(true);
  });

  it('is not a box whose name only starts with such a word, nor a sidebar', () => {
    expect(chrome('<div class="header-image">Hero</div>')).toBe(false);
    expect(chrome('<aside>Related</aside>')).toBe(false);
    expect(chrome('<div class="promo">Services</div>')).toBe(false);
  });
});
