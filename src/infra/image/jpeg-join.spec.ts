import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import jpeg from 'jpeg-js';
import { joinJpegStrips } from './jpeg-join.js';

/**
 * Strips Chromium captured of one page (99 CSS px wide at scale 2: 198 device px, not a whole number of MCUs): 128,
 * 128 and 42 device px tall, each with Huffman tables of its own; strip-1-q90 is the first at another quality.
 */
const strip = (name: string) => new Uint8Array(readFileSync(new URL(`../../../test/fixtures/jpeg/${name}.jpg`, import.meta.url)));
const [one, two, three] = ['strip-1', 'strip-2', 'strip-3'].map(strip);

const decode = (bytes: Uint8Array) => jpeg.decode(Buffer.from(bytes), { useTArray: true });

/** The huffman tables' bodies of a JPEG (DHT segments), to tell whose tables it was written with. */
function huffmanTables(bytes: Uint8Array): string[] {
  const tables: string[] = [];
  for (let at = 2; bytes[at + 1] !== 0xda; at += 2 + ((bytes[at + 2] << 8) | bytes[at + 3])) {
    if (bytes[at + 1] === 0xc4) tables.push(Buffer.from(bytes.subarray(at + 4, at + 2 + ((bytes[at + 2] << 8) | bytes[at + 3]))).toString('hex'));
  }
  return tables;
}

describe('joinJpegStrips', () => {
  it('joins strips written with different Huffman tables into one JPEG whose pixels are exactly the strips, one under another', () => {
    expect(huffmanTables(one)).not.toEqual(huffmanTables(two));
    const joined = joinJpegStrips([one, two, three])!;
    const image = decode(joined);
    expect([image.width, image.height]).toEqual([198, 298]);
    let row = 0;
    for (const part of [one, two, three].map(decode)) {
      const rowBytes = part.width * 4;
      expect(Buffer.from(image.data.subarray(row * rowBytes, (row + part.height) * rowBytes)).equals(Buffer.from(part.data))).toBe(true);
      row += part.height;
    }
  });

  it('joins one strip to itself', () => {
    expect(decode(joinJpegStrips([one])!).data).toEqual(decode(one).data);
  });

  it('refuses strips that do not fit together: other quantization tables, a partial MCU row above another strip, not a JPEG', () => {
    expect(joinJpegStrips([one, strip('strip-1-q90')])).toBeNull();
    expect(joinJpegStrips([three, one])).toBeNull();
    expect(joinJpegStrips([one, new Uint8Array([0xff, 0xd8, 0xff])])).toBeNull();
    expect(joinJpegStrips([])).toBeNull();
  });

  it('refuses a strip whose scan was cut short rather than write a broken image', () => {
    const cut = one.slice(0, one.length - 200);
    cut.set([0xff, 0xd9], cut.length - 2);
    expect(joinJpegStrips([one, cut])).toBeNull();
  });
});
