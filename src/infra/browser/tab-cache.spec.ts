import { describe, expect, it } from '@jest/globals';
import { isPrivateAnswer, TabCache } from './tab-cache.js';

describe('TabCache', () => {
  it("clears before a new tab's first job, keeps for the same organization, clears for another", async () => {
    const cache = new TabCache();
    const clears: string[] = [];
    const claim = (owner: string) => cache.claim(owner, async () => clears.push(owner));
    expect(await claim('a')).toBe(true);
    expect(await claim('a')).toBe(false);
    expect(await claim('b')).toBe(true);
    expect(await claim('a')).toBe(true);
    expect(clears).toEqual(['a', 'b', 'a']);
  });

  it('after the wipe cleared it, the next job of any organization finds it empty: no clear', async () => {
    const cache = new TabCache();
    await cache.claim('a', async () => undefined);
    cache.cleared();
    let cleared = false;
    expect(await cache.claim('b', async () => (cleared = true))).toBe(false);
    expect(cleared).toBe(false);
  });

  it('a clear that failed leaves the cache owned by nobody: the next job of the same organization clears it', async () => {
    const cache = new TabCache();
    await cache.claim('a', async () => undefined);
    await expect(cache.claim('b', async () => Promise.reject(new Error('gone')))).rejects.toThrow('gone');
    let cleared = false;
    await cache.claim('b', async () => (cleared = true));
    expect(cleared).toBe(true);
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
