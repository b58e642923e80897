import { describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { packBody, unpackBody } from './page-copy-codec.js';

describe('packBody / unpackBody', () => {
  it('gives back the same text, small or large, whatever its characters', async () => {
    const small = '<p>Caf\u00e9 \u2014 \u65e5\u672c\u8a9e \ud83d\ude80</p>'.repeat(100);
    const large = `<pre>${randomBytes(400 * 1024).toString('base64')}</pre>`;
    for (const text of [small, large, '']) {
      const packed = await packBody(text);
      expect(await unpackBody(packed, 20 * 1024 * 1024)).toBe(text);
    }
    expect((await packBody(small)).length).toBeLessThan(Buffer.byteLength(small) / 10);
    expect((await packBody(large)).length).toBeGreaterThan(256 * 1024);
  });

  it('unpacks a repetitive page that packs small off the event loop, and none past the bound', async () => {
    const text = 'a'.repeat(8 * 1024 * 1024);
    const packed = await packBody(text);
    expect(packed.length).toBeLessThan(1024);
    // The event loop turns while the copy unpacks: a timer set after the call fires before it resolves.
    const order: string[] = [];
    const unpacked = unpackBody(packed, 8 * 1024 * 1024).then((body) => order.push(`unpacked ${body?.length}`));
    await new Promise((resolve) => setImmediate(resolve)).then(() => order.push('loop turned'));
    await unpacked;
    expect(order).toEqual(['loop turned', `unpacked ${8 * 1024 * 1024}`]);
    expect(await unpackBody(packed, 8 * 1024 * 1024 - 1)).toBeNull();
    await expect(unpackBody(Buffer.from('not brotli'), 1024)).rejects.toThrow();
  });
});
