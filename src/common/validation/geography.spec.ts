import { describe, expect, it } from '@jest/globals';
import { CITY_NAME, COUNTRY_CODE, COUNTRY_CODES, UNLISTED_CITY_NAME } from './geography.js';

describe('COUNTRY_CODE', () => {
  it('holds the 249 officially assigned ISO 3166-1 alpha-2 codes', () => {
    expect(COUNTRY_CODES.size).toBe(249);
  });

  it.each(['GB', 'gb', 'US', 'de', 'Fr', 'AX', 'SS', 'BQ'])('accepts %s', (code) => {
    expect(COUNTRY_CODE.test(code)).toBe(true);
  });

  it.each(['UK', 'EU', 'uk', 'XK', 'ZZ', 'AA', 'QO', 'UN', 'EZ', 'AN', 'G', 'GBR', 'G1'])('refuses %s', (code) => {
    expect(COUNTRY_CODE.test(code)).toBe(false);
  });
});

describe('city names', () => {
  it('lets no parameter separator into a city the pool does not list', () => {
    expect(UNLISTED_CITY_NAME.test('Berlin')).toBe(true);
    expect(UNLISTED_CITY_NAME.test('newyork2')).toBe(true);
    for (const city of ['x-session-abc', 'x_country-de', 'new_york', 'a b']) {
      expect(UNLISTED_CITY_NAME.test(city)).toBe(false);
    }
    expect(CITY_NAME.test('New_York')).toBe(true);
  });
});
