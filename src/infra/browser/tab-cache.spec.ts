import { describe, expect, it } from '@jest/globals';
import { isPrivateAnswer, TabCache } from './tab-cache.js';

const newCache = () => new TabCache(1000, () => 0);

describe('TabCache', () => {
  it("clears before a new tab's first job, keeps for the same organization, clears for another", async () => {
    const cache = newCache();
    const clears: string[] = [];
    const claim = (owner: string) => cache.claim(owner, async () => clears.push(owner));
    expect(await claim('a')).toBe(true);
    expect(await claim('a')).toBe(false);
    expect(await claim('b')).toBe(true);
    expect(await claim('a')).toBe(true);
    expect(clears).toEqual(['a', 'b', 'a']);
  });

  it('after the wipe cleared it, the next job of any organization finds it empty: no clear', async () => {
    const cache = newCache();
    await cache.claim('a', async () => undefined);
    cache.cleared();
    let cleared = false;
    expect(await cache.claim('b', async () => (cleared = true))).toBe(false);
    expect(cleared).toBe(false);
  });

  it('a clear that failed leaves the cache owned by nobody: the next job of the same organization clears it', async () => {
    const cache = newCache();
    await cache.claim('a', async () => undefined);
    await expect(cache.claim('b', async () => Promise.reject(new Error('gone')))).rejects.toThrow('gone');
    let cleared = false;
    await cache.claim('b', async () => (cleared = true));
    expect(cleared).toBe(true);
  });
});

describe('TabCache bounded by bytes (BROWSER_CACHE_BYTES)', () => {
  it('is full once the context read more than its budget since the last clear, counted from the tab opening', async () => {
    let received = 5000;
    const cache = new TabCache(1000, () => received);
    expect(cache.full).toBe(false);
    received += 1000;
    expect(cache.full).toBe(false);
    received += 1;
    expect(cache.full).toBe(true);
    cache.cleared();
    expect(cache.full).toBe(false);
  });

  it("counts again from a clear for another organization, from the count taken before the clear began", async () => {
    let received = 0;
    const cache = new TabCache(1000, () => received);
    await cache.claim('a', async () => undefined);
    received = 900;
    await cache.claim('b', async () => {
      received += 50;
    });
    // Bytes read while the clear ran may have been kept: they count.
    received += 950;
    expect(cache.full).toBe(false);
    received += 1;
    expect(cache.full).toBe(true);
  });

  it('a budget of 0 keeps nothing: any byte read fills it', () => {
    let received = 0;
    const cache = new TabCache(0, () => received);
    expect(cache.full).toBe(false);
    received = 1;
    expect(cache.full).toBe(true);
  });
});

describe('isPrivateAnswer', () => {
  it.each([
    ['private, max-age=3600', true],
    ['max-age=60, Private', true],
    ['private="set-cookie"', true],
    ['public, max-age=3600', false],
    ['no-store', false],
    ['', false],
  ])('Cache-Control %p: %p', (value, expected) => {
    const headers: Record<string, string> = value ? { 'cache-control': value } : {};
    expect(isPrivateAnswer({ headers: () => headers })).toBe(expected);
  });
});
