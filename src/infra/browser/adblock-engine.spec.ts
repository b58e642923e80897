import { describe, expect, it, jest } from '@jest/globals';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Request } from '@ghostery/adblocker-puppeteer';
import { Logger } from '@nestjs/common';
import { AdblockEngineLoader } from './adblock-engine.js';

const blocks = async (loader: AdblockEngineLoader, url: string) =>
  (await loader.engine()).match(Request.fromRawDetails({ url, type: 'script', sourceUrl: 'https://news.test/' })).match;

describe('AdblockEngineLoader', () => {
  const dir = mkdtempSync(join(tmpdir(), 'adblock-engine-'));
  const list = join(dir, 'list.txt');
  writeFileSync(list, '||ads.test^\n');
  const cacheDir = join(dir, 'cache');

  it('parses the lists (in a thread) into an engine that blocks what they list, and caches its serialized form', async () => {
    const loader = new AdblockEngineLoader([list], cacheDir);
    expect(await blocks(loader, 'https://ads.test/banner.js')).toBe(true);
    expect(await blocks(loader, 'https://news.test/app.js')).toBe(false);
    expect(readdirSync(cacheDir).sort()).toEqual(['adblock-engine.bin', 'adblock-engine.key']);
  });

  it('loads the cached engine in another process start while the lists are unchanged', async () => {
    writeFileSync(join(cacheDir, 'adblock-engine.bin'), Buffer.alloc(0));
    // An unreadable cache is parsed again: the same answers.
    const loader = new AdblockEngineLoader([list], cacheDir);
    expect(await blocks(loader, 'https://ads.test/banner.js')).toBe(true);
    const logged = jest.spyOn(Logger.prototype, 'log');
    const cached = new AdblockEngineLoader([list], cacheDir);
    expect(await blocks(cached, 'https://ads.test/banner.js')).toBe(true);
    expect(logged).not.toHaveBeenCalled();
    logged.mockRestore();
  });

  it('fails the load, and a later call tries again, when a list cannot be read', async () => {
    const loader = new AdblockEngineLoader([join(dir, 'missing.txt')], join(dir, 'other-cache'));
    await expect(loader.engine()).rejects.toThrow(/ENOENT/);
    await expect(loader.engine()).rejects.toThrow(/ENOENT/);
  });
});
