import type { HuffmanSpec } from './jpeg-standard-tables.js';

/** A JPEG's entropy-coded data is not what it claims: the strips are left as they are. */
export class MalformedJpeg extends Error {}

/** Canonical code lengths and codes of a table (T.81 Annex C): `codes[symbol]`, `lengths[symbol]` (0: no code). */
function canonicalCodes(spec: HuffmanSpec): { codes: Uint16Array; lengths: Uint8Array; order: Array<{ symbol: number; code: number; length: number }> } {
  const codes = new Uint16Array(256);
  const lengths = new Uint8Array(256);
  const order: Array<{ symbol: number; code: number; length: number }> = [];
  let code = 0;
  let at = 0;
  for (let length = 1; length <= 16; length++) {
    for (let i = 0; i < spec.counts[length - 1]; i++, at++) {
      const symbol = spec.symbols[at];
      if (symbol === undefined || code >= 1 << length) throw new MalformedJpeg('a Huffman table with more codes than its lengths allow');
      codes[symbol] = code;
      lengths[symbol] = length;
      order.push({ symbol, code, length });
      code++;
    }
    code <<= 1;
  }
  return { codes, lengths, order };
}

/** Reads an entropy-coded segment bit by bit: stuffed zero bytes after 0xFF skipped, zeros past its end. */
export class BitReader {
  private at = 0;
  private buffer = 0;
  private count = 0;
  /** Zero bytes fed past the data's end (a code may be looked at past it, never taken from there). */
  private padding = 0;

  constructor(private readonly data: Uint8Array) {}

  /** The next 16 bits, not consumed. */
  peek16(): number {
    while (this.count < 16) {
      let byte = 0;
      if (this.at < this.data.length) {
        byte = this.data[this.at++];
        if (byte === 0xff) this.at++; // the stuffed 0x00
      } else if (++this.padding > 2) {
        // Two let the last code be looked at; a third means bits past the data were taken, else decoded from zeros on.
        throw new MalformedJpeg('a scan shorter than its frame');
      }
      this.buffer = ((this.buffer << 8) | byte) & 0xffffff;
      this.count += 8;
    }
    return (this.buffer >>> (this.count - 16)) & 0xffff;
  }

  /** Whether every byte was read, and no bit past them: what is left is the last byte's fill (0 to 7 bits). */
  atEnd(): boolean {
    const left = this.count - 8 * this.padding;
    return this.at >= this.data.length && left >= 0 && left <= 7;
  }

  skip(bits: number): void {
    this.count -= bits;
  }

  /** The next 1 to 16 bits as a number. */
  read(bits: number): number {
    const value = this.peek16() >>> (16 - bits);
    this.count -= bits;
    return value;
  }
}

/** A table for reading: the symbol of each code, found by its first 8 bits at once or by length past them. */
export class HuffmanDecoder {
  /** By the next 8 bits: length << 8 | symbol, or 0 when the code is longer. */
  private readonly fast = new Uint16Array(256);
  private readonly maxCode = new Int32Array(18).fill(-1);
  private readonly offset = new Int32Array(17);
  private readonly symbols: number[];

  constructor(spec: HuffmanSpec) {
    const { order } = canonicalCodes(spec);
    this.symbols = order.map(({ symbol }) => symbol);
    let index = 0;
    for (let length = 1; length <= 16; length++) {
      const first = order.find((entry) => entry.length === length);
      if (first) {
        this.offset[length] = index - first.code;
        index += spec.counts[length - 1];
        this.maxCode[length] = order[index - 1].code;
      }
    }
    this.maxCode[17] = 0x7fffffff;
    for (const { symbol, code, length } of order) {
      if (length > 8) continue;
      const shift = 8 - length;
      for (let fill = 0; fill < 1 << shift; fill++) this.fast[(code << shift) | fill] = (length << 8) | symbol;
    }
  }

  decode(bits: BitReader): number {
    const next = bits.peek16();
    const hit = this.fast[next >>> 8];
    if (hit !== 0) {
      bits.skip(hit >>> 8);
      return hit & 0xff;
    }
    for (let length = 9; length <= 16; length++) {
      const code = next >>> (16 - length);
      if (code <= this.maxCode[length]) {
        bits.skip(length);
        return this.symbols[this.offset[length] + code];
      }
    }
    throw new MalformedJpeg('a Huffman code that is in no table');
  }
}

/** A table for writing. */
export class HuffmanEncoder {
  readonly codes: Uint16Array;
  readonly lengths: Uint8Array;

  constructor(readonly spec: HuffmanSpec) {
    ({ codes: this.codes, lengths: this.lengths } = canonicalCodes(spec));
  }

  /** The DHT segment's body for this table: class (0 DC, 1 AC) and id, counts, symbols. */
  tableBytes(tableClass: 0 | 1, id: number): number[] {
    return [(tableClass << 4) | id, ...this.spec.counts, ...this.spec.symbols];
  }
}

/** Writes an entropy-coded segment: 0xFF stuffed with 0x00, the last byte filled with one bits. */
export class BitWriter {
  private bytes: Uint8Array;
  private length = 0;
  private buffer = 0;
  private count = 0;

  constructor(expectedBytes: number) {
    this.bytes = new Uint8Array(Math.max(1024, expectedBytes));
  }

  write(value: number, bits: number): void {
    this.buffer = ((this.buffer << bits) | (value & ((1 << bits) - 1))) >>> 0;
    this.count += bits;
    while (this.count >= 8) {
      const byte = (this.buffer >>> (this.count - 8)) & 0xff;
      this.count -= 8;
      this.buffer &= (1 << this.count) - 1;
      this.push(byte);
      if (byte === 0xff) this.push(0);
    }
  }

  symbol(table: HuffmanEncoder, symbol: number): void {
    const length = table.lengths[symbol];
    if (length === 0) throw new MalformedJpeg(`no code for symbol ${symbol}`);
    this.write(table.codes[symbol], length);
  }

  /** The segment, its last byte filled with one bits. */
  finish(): Uint8Array {
    if (this.count > 0) this.write(0xff, 8 - this.count);
    return this.bytes.subarray(0, this.length);
  }

  private push(byte: number): void {
    if (this.length === this.bytes.length) {
      const grown = new Uint8Array(this.bytes.length * 2);
      grown.set(this.bytes);
      this.bytes = grown;
    }
    this.bytes[this.length++] = byte;
  }
}
