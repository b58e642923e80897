import { describe, expect, it } from '@jest/globals';
import { isHidden, reveal } from './hidden.js';
import { parseDocument } from './parse-document.js';

const element = (attributes: string) => parseDocument(`<html><body><div ${attributes}>x</div></body></html>`).querySelector('div')!;

describe('hidden: one rule for the content code', () => {
  it('is the hidden attribute or an inline display:none / visibility:hidden declaration', () => {
    expect(isHidden(element('hidden'))).toBe(true);
    expect(isHidden(element('hidden="until-found"'))).toBe(true);
    expect(isHidden(element('style="color:red; display : none"'))).toBe(true);
    expect(isHidden(element('style="DISPLAY:NONE !important;"'))).toBe(true);
    expect(isHidden(element('style="visibility: hidden"'))).toBe(true);
  });

  it('is not a custom property, another value, or a hiding word elsewhere in the style', () => {
    expect(isHidden(element('style="--x-display:none"'))).toBe(false);
    expect(isHidden(element('style="--visibility: hidden; color: red"'))).toBe(false);
    expect(isHidden(element('style="display: none-ish"'))).toBe(false);
    expect(isHidden(element('style="background: url(display:none.png)"'))).toBe(false);
    expect(isHidden(element('aria-hidden="true"'))).toBe(false);
    expect(isHidden(element('style="display:block"'))).toBe(false);
  });

  it('reveals by removing the attribute and the hiding declarations only', () => {
    const div = element('hidden style="color:red;display:none !important;--x-display:none"');
    reveal(div);
    expect(isHidden(div)).toBe(false);
    expect(div.getAttribute('style')).toBe('color:red;--x-display:none');
  });
});
