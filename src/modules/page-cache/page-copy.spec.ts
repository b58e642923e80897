import { describe, expect, it } from '@jest/globals';
import type { CopyRequest } from './page-copy.js';
import { copyAddress, fetchOptionsHash, isStorable } from './page-copy.js';

const base: CopyRequest = {
  url: 'https://docs.example/guide/',
  page: { js: true, images: false, adblock: true, waitUntil: 'networkidle0', viewport: { width: 1920, height: 1080 }, userAgent: null },
  route: { tier: 'standard', country: null, city: null },
};
const hashOf = (request: CopyRequest) => fetchOptionsHash(request.page, request.route);

describe('copyAddress (decisions.md 9.6: the 9.1 key of the requested URL and the fetch options)', () => {
  it('is the same for URLs with one key: scheme, host case, default port, fragment, index file, tracking parameters', () => {
    const same = ['http://DOCS.example:80/guide/index.html#top', 'https://docs.example/guide/?utm_source=news&gclid=1', 'https://docs.example:443/guide/'];
    for (const url of same) expect(copyAddress({ ...base, url })).toEqual(copyAddress(base));
    expect(copyAddress(base).pageKey).toBe('docs.example/guide/');
  });

  it('differs for another path, path case or query', () => {
    for (const url of ['https://docs.example/guide', 'https://docs.example/Guide/', 'https://docs.example/guide/?v=2', 'https://docs.example:8443/guide/']) {
      expect(copyAddress({ ...base, url }).lookupHash).not.toBe(copyAddress(base).lookupHash);
    }
  });

  it('hashes each fetch option: pool, js, images, adblock, wait_until, viewport and its flags, user_agent, country, city', () => {
    const variants: CopyRequest[] = [
      { ...base, route: { ...base.route, tier: 'premium' } },
      { ...base, route: { ...base.route, country: 'us' } },
      { ...base, route: { tier: 'standard', country: 'us', city: 'boston' } },
      ...([{ js: false }, { images: true }, { adblock: false }, { waitUntil: 'load' }, { userAgent: 'bot' },
        { viewport: { width: 1280, height: 1080 } }, { viewport: { width: 1920, height: 800 } },
        { viewport: { width: 1920, height: 1080, deviceScaleFactor: 2 } }, { viewport: { width: 1920, height: 1080, isMobile: true } },
        { viewport: { width: 1920, height: 1080, isLandscape: true } }, { viewport: { width: 1920, height: 1080, hasTouch: true } },
      ] as Array<Partial<CopyRequest['page']>>).map((page) => ({ ...base, page: { ...base.page, ...page } })),
    ];
    const hashes = new Set([hashOf(base), ...variants.map(hashOf)]);
    expect(hashes.size).toBe(variants.length + 1);
  });

  it("treats the viewport flags' defaults as given: a device_scale_factor of 1 is the default one", () => {
    expect(hashOf({ ...base, page: { ...base.page, viewport: { width: 1920, height: 1080, deviceScaleFactor: 1, isMobile: false, isLandscape: false, hasTouch: false } } })).toBe(hashOf(base));
  });
});

describe('isStorable', () => {
  it('keeps 2xx answers only', () => {
    expect([199, 200, 204, 299, 300, 304, 404, 500].map(isStorable)).toEqual([false, true, true, true, false, false, false, false]);
  });
});
