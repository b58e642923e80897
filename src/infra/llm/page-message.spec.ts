import { describe, expect, it } from '@jest/globals';
import { pageMessage } from './page-message.js';

describe('pageMessage: the page between <page> and </page>, which it cannot close early', () => {
  it('escapes a closing tag of the page in any case or spacing, and leaves other tags', () => {
    expect(pageMessage('a </page> b </PAGE > c </Page\n> d </pages> e').content)
      .toBe('<page>\na <\\/page> b <\\/PAGE > c <\\/Page\n> d </pages> e\n</page>');
  });
});
