import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, constants } from 'node:zlib';

const compress = promisify(brotliCompress);
const decompress = promisify(brotliDecompress);

/** Brotli at quality 5: most of its ratio on HTML at a fraction of the top qualities' time; off the event loop (libuv's pool). */
const QUALITY = 5;

export function packBody(text: string): Promise<Buffer> {
  return compress(Buffer.from(text, 'utf8'), {
    params: { [constants.BROTLI_PARAM_QUALITY]: QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
  });
}

/**
 * The copy's text, unpacked in libuv's pool, never on the event loop: the packed size says nothing of the unpacked one
 * (a repetitive 20 MiB page packs to a few dozen bytes and takes 80 ms to unpack). Null past `maxBytes` (a copy kept
 * under a larger MAX_PAGE_BYTES than today's, or a damaged row): the caller fetches the page instead.
 */
export async function unpackBody(packed: Buffer, maxBytes: number): Promise<string | null> {
  const bytes = await decompress(packed, { maxOutputLength: maxBytes }).catch((error: { code?: string }) => {
    if (error.code === 'ERR_BUFFER_TOO_LARGE') return null;
    throw error;
  });
  return bytes === null ? null : bytes.toString('utf8');
}
