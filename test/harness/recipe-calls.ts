import jpeg from 'jpeg-js';
import { testEnv } from './env.js';
import { call, CallResult, settle } from './http.js';

/** An address on the recipe fixture site. */
export const sitePage = (path: string): string => `${testEnv().recipeSite.url}${path}`;

/** The start block of a recipe at a path of the recipe site. */
export const startAt = (path: string, id?: string) => ({ type: 'start', ...(id ? { id } : {}), details: { type: 'url', source: sitePage(path) } });

/** POST /crawl with these blocks (after a start block at `path`), collected when a busy machine answered 202. */
export function runBlocks(key: string, path: string, blocks: object[], options: { query?: Record<string, string>; expectedOutput?: string } = {}): Promise<CallResult> {
  const body = { ...(options.expectedOutput ? { expectedOutput: options.expectedOutput } : {}), blocks: [startAt(path), ...blocks] };
  return call('/crawl', { method: 'POST', key, body, query: options.query }).then((first) => settle(first, key));
}

/** Width and height of a base64 JPEG; throws when it is not one. */
export function jpegSize(base64: string): { width: number; height: number } {
  const image = jpeg.decode(Buffer.from(base64, 'base64'), { useTArray: true });
  return { width: image.width, height: image.height };
}

/** Standard base64 (RFC 4648, padded), nothing before or after. */
export const STANDARD_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
