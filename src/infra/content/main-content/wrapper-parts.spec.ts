import { boilerplateWord } from './boilerplate-patterns.js';
import { isWrapperPart } from './wrapper-parts.js';

describe('wrapper parts', () => {
  it('reads the boilerplate word of a class and id text', () => {
    expect(boilerplateWord('promocontainerv2 cmp-promo-container aem-GridColumn')).toBe('promo');
    expect(boilerplateWord('article-body')).toBeUndefined();
  });

  it('counts a promo card inside a kept promo box as its part, but not a header inside a kept header, nor any card outside a kept box', () => {
    expect(isWrapperPart('promo cmp-promo__services rounded-corners-1', 'promo')).toBe(true);
    expect(isWrapperPart('site-header', 'header')).toBe(false);
    expect(isWrapperPart('promo cmp-promo__services', undefined)).toBe(false);
    expect(isWrapperPart('sidebar', 'promo')).toBe(false);
  });
});
