import { describe, expect, it } from '@jest/globals';
import { isHidden, reveal } from './hidden.js';
import { parseDocument } from './parse-document.js';

const element = (attributes: string) => parseDocument(`<html><body><div ${attributes}>x</div></body></html>`).querySelector('div')!;

describe('hidden: one rule for the content code', () => {
  it('is the hidden attribute or an inline display:none / visibility:hidden declaration', () => {
    const hiding = [
      'hidden',
      'hidden="until-found"',
      'style="color:red; display : none"',
      'style="DISPLAY:NONE !important;"',
      'style="visibility: hidden"',
    ];
    expect(hiding.filter((attributes) => !isHidden(element(attributes)))).toEqual([]);
  });

  it('is not a custom property, another value, or a hiding word elsewhere in the style', () => {
    const showing = [
      'style="--x-display:none"',
      'style="--visibility: hidden; color: red"',
      'style="display: none-ish"',
      'style="background: url(display:none.png)"',
      'aria-hidden="true"',
      'style="display:block"',
    ];
    expect(showing.filter((attributes) => isHidden(element(attributes)))).toEqual([]);
  });

  it('reveals by removing the attribute and the hiding declarations only', () => {
    const div = element('hidden style="color:red;display:none !important;--x-display:none"');
    reveal(div);
    expect(isHidden(div)).toBe(false);
    expect(div.getAttribute('style')).toBe('color:red;--x-display:none');
  });
});
