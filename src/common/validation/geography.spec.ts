import { describe, expect, it } from '@jest/globals';
import { CITY_NAME, COUNTRY_CODE, COUNTRY_CODES } from './geography.js';

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

describe('CITY_NAME', () => {
  it.each(['New_York', 'Winston-Salem', 'sao_paulo', 'Berlin', 'x-session-abc'])('accepts %s: letters, digits, hyphens, underscores', (city) => {
    expect(CITY_NAME.test(city)).toBe(true);
  });

  it.each(['new.york', 'a;b', 'a b', 'münchen', '', 'x'.repeat(65)])('refuses %j', (city) => {
    expect(CITY_NAME.test(city)).toBe(false);
  });
});
