import { describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { packBody, unpackBody } from './page-copy-codec.js';

describe('packBody / unpackBody', () => {
  it('gives back the same text, small (unpacked inline) or large (unpacked in the pool), whatever its characters', async () => {
    const small = '<p>Caf\u00e9 \u2014 \u65e5\u672c\u8a9e \ud83d\ude80</p>'.repeat(100);
    const large = `<pre>${randomBytes(400 * 1024).toString('base64')}</pre>`;
    for (const text of [small, large, '']) {
      const packed = await packBody(text);
      expect(await unpackBody(packed)).toBe(text);
    }
    expect((await packBody(small)).length).toBeLessThan(Buffer.byteLength(small) / 10);
    expect((await packBody(large)).length).toBeGreaterThan(256 * 1024);
  });
});
