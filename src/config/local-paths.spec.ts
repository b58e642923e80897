import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { browserPath, DEFAULT_BROWSERS, unusableBrowser } from './local-paths.js';

describe('the browser when CHROMIUM_PATH is unset', () => {
  const missing = ['/nonexistent/chromium-headless-shell', '/nonexistent/chromium'];

  it('is Debian\'s headless shell, else its chromium', () => {
    expect(DEFAULT_BROWSERS).toEqual(['/usr/bin/chromium-headless-shell', '/usr/bin/chromium']);
    const present = join(mkdtempSync(join(tmpdir(), 'crawlgate-browser-')), 'chromium');
    writeFileSync(present, '');
    expect(browserPath(undefined, [missing[0], present])).toBe(present);
    expect(browserPath('', missing)).toBe('/nonexistent/chromium');
    expect(browserPath('/opt/chrome', missing)).toBe('/opt/chrome');
  });

  it('stops the boot when neither is there, saying what was looked for and what to set', () => {
    const advice = 'none of /nonexistent/chromium-headless-shell, /nonexistent/chromium is an executable file: install Chromium or set CHROMIUM_PATH';
    expect(unusableBrowser(undefined, '/usr/bin', missing)).toBe(advice);
    expect(unusableBrowser('', '/usr/bin', missing)).toBe(advice);
    expect(unusableBrowser('/nonexistent/chrome', '/usr/bin', missing)).toBe('/nonexistent/chrome is not an executable file (ENOENT: no such file or directory)');
  });
});
