import { describe, expect, it } from '@jest/globals';
import { isKeyName } from './key-names.js';

describe('isKeyName', () => {
  it('knows the keys as Puppeteer spells them, case-sensitive, one key only', () => {
    expect(['Enter', 'Tab', 'Escape', 'ArrowDown', 'a', 'A', 'PageDown', 'F5', ' '].map(isKeyName)).toEqual(Array(9).fill(true));
    expect(['enter', 'ENTER', 'Control+a', 'Ctrl', '', 'toString', '__proto__', 13, null].map(isKeyName)).toEqual(Array(9).fill(false));
  });
});
