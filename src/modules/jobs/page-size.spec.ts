import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '../../config/app-config.js';
import { truncateUtf8 } from '../../infra/browser/debug-capture.js';
import { assertPageSize } from './page-size.js';

describe('MAX_PAGE_BYTES', () => {
  it('defaults to 20 MiB and reads the variable', () => {
    expect(loadConfig({}).maxPageBytes).toBe(20 * 1024 * 1024);
    expect(loadConfig({ MAX_PAGE_BYTES: '4096' }).maxPageBytes).toBe(4096);
    expect(() => loadConfig({ MAX_PAGE_BYTES: 'lots' })).toThrow(/MAX_PAGE_BYTES/);
  });

  it("counts the page's own UTF-8 bytes (decisions.md 7.2: a page larger than MAX_PAGE_BYTES), not characters nor JSON escapes", () => {
    expect(assertPageSize('a'.repeat(10), 10)).toHaveLength(10);
    expect(() => assertPageSize('a'.repeat(11), 10)).toThrow(expect.objectContaining({ code: 'page_too_large' }));
    expect(assertPageSize('é'.repeat(5), 10)).toHaveLength(5);
    expect(() => assertPageSize('é'.repeat(6), 10)).toThrow(expect.objectContaining({ code: 'page_too_large' }));
    // Quotes and line breaks are one byte each in the page, however JSON would escape them.
    expect(assertPageSize('"\n'.repeat(5), 10)).toHaveLength(10);
  });
});

describe('truncateUtf8', () => {
  it('keeps text within the limit whole', () => {
    expect(truncateUtf8('hello', 5)).toBe('hello');
  });

  it('cuts at the byte limit without splitting a character', () => {
    expect(truncateUtf8('aé€', 3)).toBe('aé');
    expect(truncateUtf8('aé€', 4)).toBe('aé');
    expect(truncateUtf8('aé€', 6)).toBe('aé€');
    expect(Buffer.byteLength(truncateUtf8('€'.repeat(1000), 256))).toBeLessThanOrEqual(256);
  });
});
