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

/** Where a JPEG's frame segment (SOF0 or SOF1) starts: its 0xFF. */
function frameAt(bytes: Uint8Array): number {
  let at = 2;
  while (bytes[at + 1] !== 0xc0 && bytes[at + 1] !== 0xc1) at += 2 + ((bytes[at + 2] << 8) | bytes[at + 3]);
  return at;
}

/** The JPEG with its frame header's body replaced by what `edit` makes of it (the segment's length follows). */
function withFrame(bytes: Uint8Array, edit: (body: number[]) => number[]): Uint8Array {
  const at = frameAt(bytes);
  const end = at + 2 + ((bytes[at + 2] << 8) | bytes[at + 3]);
  const body = edit(Array.from(bytes.subarray(at + 4, end)));
  return Uint8Array.from([...bytes.subarray(0, at + 2), (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body, ...bytes.subarray(end)]);
}

/** The JPEG up to its scan header, with no entropy-coded data: a scan of no block. */
function withEmptyScan(bytes: Uint8Array): Uint8Array {
  let at = 2;
  while (bytes[at + 1] !== 0xda) at += 2 + ((bytes[at + 2] << 8) | bytes[at + 3]);
  return Uint8Array.from([...bytes.subarray(0, at + 2 + ((bytes[at + 2] << 8) | bytes[at + 3])), 0xff, 0xd9]);
}

/** Every component's sampling byte (h << 4 | v) set to `sampling`. */
const sampled = (sampling: number) => (body: number[]) => body.map((byte, i) => (i >= 6 && i % 3 === 1 ? sampling : byte));

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

  it('refuses a frame whose sampling factors are outside 1 to 4 (a 0 looped for ever), rather than read on', () => {
    // 128 x 198, three components sampled 2x2, 1x1, 1x1 (4:2:0).
    const frame = Buffer.from(one.subarray(frameAt(one) + 4, frameAt(one) + 19)).toString('hex');
    expect(frame).toBe('08008000c603012200021101031101');
    expect(withFrame(one, (body) => body)).toEqual(one);
    for (const sampling of [0x01, 0x10, 0x00, 0x51, 0x15]) expect(joinJpegStrips([withFrame(one, sampled(sampling))])).toBeNull();
  });

  it('refuses a frame of no pixels, wide or tall, though its scan of no block ends where it should', () => {
    const empty = withEmptyScan(one);
    const zeroWidth = withFrame(empty, (body) => [body[0], body[1], body[2], 0, 0, ...body.slice(5)]);
    const zeroHeight = withFrame(empty, (body) => [body[0], 0, 0, ...body.slice(3)]);
    expect(joinJpegStrips([zeroWidth])).toBeNull();
    expect(joinJpegStrips([one, zeroHeight])).toBeNull();
  });

  it('refuses a frame header longer or shorter than its component count says', () => {
    expect(joinJpegStrips([withFrame(one, (body) => [...body, 0]), two, three])).toBeNull();
    expect(joinJpegStrips([withFrame(one, (body) => body.slice(0, -1)), two, three])).toBeNull();
    expect(joinJpegStrips([withFrame(one, (body) => [...body.slice(0, 5), 0]), two, three])).toBeNull();
  });

  it('refuses a frame that claims more blocks than its scan holds', () => {
    expect(joinJpegStrips([withFrame(one, (body) => [body[0], 0xff, 0xff, ...body.slice(3)])])).toBeNull();
  });

  it('refuses a strip whose scan was cut short rather than write a broken image', () => {
    const cut = one.slice(0, one.length - 200);
    cut.set([0xff, 0xd9], cut.length - 2);
    expect(joinJpegStrips([one, cut])).toBeNull();
  });
});
