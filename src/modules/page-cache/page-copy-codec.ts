import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, brotliDecompressSync, constants } from 'node:zlib';

const compress = promisify(brotliCompress);
const decompress = promisify(brotliDecompress);

/** Brotli at quality 5: most of its ratio on HTML at a fraction of the top qualities' time; off the event loop (libuv's pool). */
const QUALITY = 5;
/** Below this a copy is unpacked at once (a tenth of a millisecond for a typical page, half the pool's round trip); above it, in the pool. */
const INLINE_UNPACK_BYTES = 256 * 1024;

export function packBody(text: string): Promise<Buffer> {
  return compress(Buffer.from(text, 'utf8'), {
    params: { [constants.BROTLI_PARAM_QUALITY]: QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
  });
}

export async function unpackBody(packed: Buffer): Promise<string> {
  const bytes = packed.length <= INLINE_UNPACK_BYTES ? brotliDecompressSync(packed) : await decompress(packed);
  return bytes.toString('utf8');
}
