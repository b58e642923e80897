import { BitReader, BitWriter, HuffmanDecoder, HuffmanEncoder, MalformedJpeg } from './jpeg-huffman.js';
import { CHROMA_AC, CHROMA_DC, LUMA_AC, LUMA_DC, type HuffmanSpec } from './jpeg-standard-tables.js';

interface Component {
  readonly id: number;
  readonly h: number;
  readonly v: number;
  readonly quantTable: number;
}

/** One baseline JPEG taken apart: what the join checks, copies and re-codes. */
interface ParsedJpeg {
  /** SOF0 (baseline) or SOF1 (extended sequential, Huffman): the joined image keeps the first strip's. */
  readonly frameMarker: number;
  readonly width: number;
  readonly height: number;
  readonly components: readonly Component[];
  /** The APPn and DQT segments, as they are (markers included). */
  readonly header: readonly Uint8Array[];
  readonly quantTables: Uint8Array;
  /** Per scan component, in scan order: its frame index and its DC and AC tables. */
  readonly scan: ReadonlyArray<{ readonly component: number; readonly dc: HuffmanDecoder; readonly ac: HuffmanDecoder }>;
  readonly data: Uint8Array;
}

/** T.81's example tables: the luma pair for the frame's first component, the chroma pair for the others. */
const LUMA = { dc: new HuffmanEncoder(LUMA_DC), ac: new HuffmanEncoder(LUMA_AC) };
const CHROMA = { dc: new HuffmanEncoder(CHROMA_DC), ac: new HuffmanEncoder(CHROMA_AC) };

const SOF0 = 0xc0;
const SOF1 = 0xc1;
const DHT = 0xc4;
const DQT = 0xdb;
const DRI = 0xdd;
const SOS = 0xda;
const EOI = 0xd9;

/**
 * One JPEG of strips captured one under another, all as wide, each but the last a whole number of MCU rows tall:
 * the strips' coefficients written again in one scan, nothing decoded to pixels (lossless, and the memory of the
 * strips' own bytes, not of the image: a 150-megapixel screenshot costs what its JPEG weighs). Chromium writes each
 * capture with Huffman tables of its own, so every strip is read with its tables and written with T.81's example
 * tables, its DC values carried on across the seams. Null when the strips do not fit together (another width, other
 * quantization tables or sampling, a progressive or restart-coded capture).
 */
export function joinJpegStrips(strips: readonly Uint8Array[]): Uint8Array | null {
  let parsed: ParsedJpeg[];
  try {
    parsed = strips.map(parseJpeg);
  } catch (error) {
    if (error instanceof MalformedJpeg) return null;
    throw error;
  }
  const [first] = parsed;
  if (!first || !parsed.every((strip) => fitsWith(first, strip))) return null;
  const mcuHeight = 8 * Math.max(...first.components.map((c) => c.v));
  if (!parsed.slice(0, -1).every((strip) => strip.height % mcuHeight === 0)) return null;
  const height = parsed.reduce((sum, strip) => sum + strip.height, 0);
  if (height > 0xffff) return null;
  let data: Uint8Array;
  try {
    data = recode(parsed);
  } catch (error) {
    if (error instanceof MalformedJpeg) return null;
    throw error;
  }
  return assemble(first, height, data);
}

function fitsWith(first: ParsedJpeg, strip: ParsedJpeg): boolean {
  const same = (a: readonly Component[], b: readonly Component[]) =>
    a.length === b.length && a.every((c, i) => c.id === b[i].id && c.h === b[i].h && c.v === b[i].v && c.quantTable === b[i].quantTable);
  return strip.frameMarker === first.frameMarker && strip.width === first.width && same(first.components, strip.components) && sameBytes(first.quantTables, strip.quantTables)
    && strip.scan.length === first.scan.length && strip.scan.every((s, i) => s.component === first.scan[i].component);
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

function parseJpeg(bytes: Uint8Array): ParsedJpeg {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new MalformedJpeg('not a JPEG');
  const header: Uint8Array[] = [];
  const quant: number[] = [];
  const tables = new Map<number, HuffmanSpec>();
  let frame: { frameMarker: number; width: number; height: number; components: Component[] } | null = null;
  let at = 2;
  for (;;) {
    if (at + 4 > bytes.length || bytes[at] !== 0xff) throw new MalformedJpeg('a segment where none is');
    const marker = bytes[at + 1];
    const length = (bytes[at + 2] << 8) | bytes[at + 3];
    const body = bytes.subarray(at + 4, at + 2 + length);
    if (body.length !== length - 2) throw new MalformedJpeg('a segment cut short');
    if ((marker >= 0xe0 && marker <= 0xef) || marker === DQT) header.push(bytes.subarray(at, at + 2 + length));
    if (marker === DQT) quant.push(...body);
    else if (marker === SOF0 || marker === SOF1) frame = { frameMarker: marker, ...parseFrame(body) };
    else if (marker >= 0xc2 && marker <= 0xcf && marker !== DHT && marker !== 0xc8 && marker !== 0xcc) throw new MalformedJpeg('not a baseline JPEG');
    else if (marker === DHT) parseTables(body, tables);
    else if (marker === DRI && ((body[0] << 8) | body[1]) !== 0) throw new MalformedJpeg('restart intervals');
    else if (marker === SOS) {
      if (!frame) throw new MalformedJpeg('a scan before its frame');
      const start = at + 2 + length;
      return { ...frame, header, quantTables: new Uint8Array(quant), scan: parseScan(body, frame.components, tables), data: bytes.subarray(start, scanEnd(bytes, start)) };
    }
    at += 2 + length;
  }
}

function parseFrame(body: Uint8Array): { width: number; height: number; components: Component[] } {
  if (body[0] !== 8) throw new MalformedJpeg('not 8-bit samples');
  if (body.length < 6 || body.length !== 6 + 3 * body[5]) throw new MalformedJpeg('a frame header of the wrong length');
  if (body[5] === 0) throw new MalformedJpeg('a frame of no component');
  const components: Component[] = [];
  for (let i = 0; i < body[5]; i++) {
    const at = 6 + 3 * i;
    const [h, v] = [body[at + 1] >> 4, body[at + 1] & 15];
    // T.81 B.2.2: 1 to 4 each; a 0 made the MCU count infinite and no block was read (an endless loop).
    if (h < 1 || h > 4 || v < 1 || v > 4) throw new MalformedJpeg('a sampling factor outside 1 to 4');
    components.push({ id: body[at], h, v, quantTable: body[at + 2] });
  }
  const [height, width] = [(body[1] << 8) | body[2], (body[3] << 8) | body[4]];
  // A height of 0 is one a DNL segment gives later, which is not read here.
  if (height === 0 || width === 0) throw new MalformedJpeg('a frame of no pixels');
  return { height, width, components };
}

function parseTables(body: Uint8Array, into: Map<number, HuffmanSpec>): void {
  for (let at = 0; at < body.length; ) {
    const counts = Array.from(body.subarray(at + 1, at + 17));
    const total = counts.reduce((sum, count) => sum + count, 0);
    into.set(body[at], { counts, symbols: Array.from(body.subarray(at + 17, at + 17 + total)) });
    at += 17 + total;
  }
}

function parseScan(body: Uint8Array, components: readonly Component[], tables: Map<number, HuffmanSpec>): ParsedJpeg['scan'] {
  const count = body[0];
  const [start, end, approximation] = [body[1 + 2 * count], body[2 + 2 * count], body[3 + 2 * count]];
  // One scan of every component, the whole spectrum at once: a sequential image.
  if (count !== components.length || start !== 0 || end !== 63 || approximation !== 0) throw new MalformedJpeg('not one sequential scan');
  return Array.from({ length: count }, (_, i) => {
    const component = components.findIndex((c) => c.id === body[1 + 2 * i]);
    const dc = tables.get(body[2 + 2 * i] >> 4);
    const ac = tables.get(0x10 | (body[2 + 2 * i] & 15));
    if (component < 0 || !dc || !ac) throw new MalformedJpeg('a scan of an unknown component or table');
    return { component, dc: new HuffmanDecoder(dc), ac: new HuffmanDecoder(ac) };
  });
}

/** Where the entropy-coded data ends: the first marker that is neither a stuffed byte nor a restart. */
function scanEnd(bytes: Uint8Array, from: number): number {
  for (let at = from; at + 1 < bytes.length; at++) {
    if (bytes[at] !== 0xff) continue;
    const next = bytes[at + 1];
    if (next === EOI) return at;
    if (next !== 0 && !(next >= 0xd0 && next <= 0xd7)) throw new MalformedJpeg('a marker inside the scan');
  }
  throw new MalformedJpeg('a scan without its end');
}

/** A coefficient's size category (T.81 F.1.2.1): the bits its magnitude takes. */
function category(value: number): number {
  return value === 0 ? 0 : 32 - Math.clz32(value < 0 ? -value : value);
}

/** A coefficient written after its category: negative values as their one's complement (T.81 F.1.2.1). */
function extended(bits: BitReader, size: number): number {
  if (size === 0) return 0;
  const value = bits.read(size);
  return value < 1 << (size - 1) ? value - (1 << size) + 1 : value;
}

/** Every strip's blocks read with its own tables, written with the example tables, the DC predictions carried across. */
function recode(strips: readonly ParsedJpeg[]): Uint8Array {
  const { components, width } = strips[0];
  const hMax = Math.max(...components.map((c) => c.h));
  const vMax = Math.max(...components.map((c) => c.v));
  const single = components.length === 1;
  const tables = components.map((_, i) => (i === 0 ? LUMA : CHROMA));
  const out = new BitWriter(strips.reduce((sum, strip) => sum + strip.data.length, 0) * 1.2);
  const written = new Int32Array(components.length);
  const block = new Int32Array(64);
  for (const strip of strips) {
    const bits = new BitReader(strip.data);
    const read = new Int32Array(components.length);
    // A lone component's scan runs over its own blocks, not over MCUs of the sampling grid (T.81 A.2.2).
    const mcusAcross = single ? Math.ceil(width / 8) : Math.ceil(width / (8 * hMax));
    const mcusDown = single ? Math.ceil(strip.height / 8) : Math.ceil(strip.height / (8 * vMax));
    for (let mcu = mcusAcross * mcusDown; mcu > 0; mcu--) {
      for (const { component: index, dc, ac } of strip.scan) {
        const { h, v } = single ? { h: 1, v: 1 } : components[index];
        for (let n = h * v; n > 0; n--) {
          block.fill(0);
          read[index] += extended(bits, dc.decode(bits));
          block[0] = read[index];
          for (let k = 1; k < 64; ) {
            const symbol = ac.decode(bits);
            const run = symbol >> 4;
            const size = symbol & 15;
            if (size === 0) {
              if (run !== 15) break;
              k += 16;
              continue;
            }
            k += run;
            if (k > 63) throw new MalformedJpeg('a coefficient past the block');
            block[k++] = extended(bits, size);
          }
          writeBlock(out, block, written, index, tables[index]);
        }
      }
    }
    // A scan with more or fewer blocks than its frame says is not what it claims.
    if (!bits.atEnd()) throw new MalformedJpeg('a scan whose length is not its frame\'s');
  }
  return out.finish();
}

function writeBlock(out: BitWriter, block: Int32Array, written: Int32Array, index: number, table: { dc: HuffmanEncoder; ac: HuffmanEncoder }): void {
  const diff = block[0] - written[index];
  written[index] = block[0];
  const size = category(diff);
  out.symbol(table.dc, size);
  if (size > 0) out.write(diff < 0 ? diff - 1 : diff, size);
  let run = 0;
  for (let k = 1; k < 64; k++) {
    const value = block[k];
    if (value === 0) {
      run++;
      continue;
    }
    for (; run > 15; run -= 16) out.symbol(table.ac, 0xf0);
    const bits = category(value);
    out.symbol(table.ac, (run << 4) | bits);
    out.write(value < 0 ? value - 1 : value, bits);
    run = 0;
  }
  if (run > 0) out.symbol(table.ac, 0x00);
}

/** SOI, the first strip's APPn and DQT segments, its frame at the joined height, the example tables, the scan, EOI. */
function assemble(first: ParsedJpeg, height: number, data: Uint8Array): Uint8Array {
  const segment = (marker: number, body: number[]) => [0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body];
  const frame = segment(first.frameMarker, [8, height >> 8, height & 0xff, first.width >> 8, first.width & 0xff, first.components.length,
    ...first.components.flatMap((c) => [c.id, (c.h << 4) | c.v, c.quantTable])]);
  const tables = segment(DHT, [
    ...LUMA.dc.tableBytes(0, 0), ...LUMA.ac.tableBytes(1, 0),
    ...(first.components.length > 1 ? [...CHROMA.dc.tableBytes(0, 1), ...CHROMA.ac.tableBytes(1, 1)] : []),
  ]);
  // Written in the strips' own scan order; the first component of the frame takes the luma tables, the others chroma's.
  const scan = segment(SOS, [first.scan.length, ...first.scan.flatMap(({ component }) => [first.components[component].id, component === 0 ? 0x00 : 0x11]), 0, 63, 0]);
  const parts = [Uint8Array.of(0xff, 0xd8), ...first.header, Uint8Array.from(frame), Uint8Array.from(tables), Uint8Array.from(scan), data, Uint8Array.of(0xff, EOI)];
  const joined = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    joined.set(part, at);
    at += part.length;
  }
  return joined;
}
