import { describe, expect, it } from '@jest/globals';
import { chromiumArgs } from './launch-options.js';

describe('chromiumArgs', () => {
  it.each(['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'])('%s: no shader disk cache, one --disable-features with the per-page savings', (path) => {
    const args = chromiumArgs(path);
    // The wipe clears every storage type of each origin a job touched; with a shader disk cache that walks the cache.
    expect(args).toContain('--disable-gpu-shader-disk-cache');
    const features = args.filter((arg) => arg.startsWith('--disable-features='));
    expect(features).toHaveLength(1);
    expect(features[0].split('=')[1].split(',')).toEqual(expect.arrayContaining(['RenderDocument', 'BackForwardCache']));
  });

  it('fails closed: a context without its own proxy goes nowhere, loopback included', () => {
    const args = chromiumArgs('/usr/bin/chromium-headless-shell');
    expect(args).toContain('--proxy-server=http://127.0.0.1:9');
    expect(args).toContain('--proxy-bypass-list=<-loopback>');
  });
});
