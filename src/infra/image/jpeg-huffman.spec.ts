import { describe, expect, it } from '@jest/globals';
import { BitReader, MalformedJpeg } from './jpeg-huffman.js';

describe('BitReader', () => {
  it('looks at most two zero bytes past the data, as the last code needs, and stops at a third rather than reading zeros on', () => {
    const bits = new BitReader(Uint8Array.of(0xab));
    expect(bits.read(8)).toBe(0xab);
    expect(bits.atEnd()).toBe(true);
    expect(bits.read(8)).toBe(0);
    expect(bits.atEnd()).toBe(false);
    expect(() => bits.read(8)).toThrow(new MalformedJpeg('a scan shorter than its frame'));
  });

  it('skips the zero byte stuffed after 0xFF', () => {
    const bits = new BitReader(Uint8Array.of(0xff, 0x00, 0x12));
    expect(bits.read(16)).toBe(0xff12);
    expect(bits.atEnd()).toBe(true);
  });
});
