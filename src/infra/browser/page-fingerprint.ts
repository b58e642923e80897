import type { Page } from 'puppeteer';
import { evaluateIsolated } from './isolated-world.js';

/** Characters of the rendered text that are hashed: past them only the length tells pages apart. */
const HASHED_CHARS = 4_000_000;

/**
 * In the page's isolated world (the page cannot redefine `innerText` there): the rendered text's length and a 64-bit
 * hash (cyrb53's mixing) of its first `maxChars` characters. Only the short key crosses the DevTools pipe.
 */
function textFingerprint(maxChars: number): string {
  const text = document.body?.innerText ?? document.documentElement?.textContent ?? '';
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  const end = Math.min(text.length, maxChars);
  for (let i = 0; i < end; i += 1) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return `${text.length}:${(h2 >>> 0).toString(16)}:${(h1 >>> 0).toString(16)}`;
}

/** What makes a page new for a recipe's repeat: its rendered text, hashed in the page. */
export function renderedTextFingerprint(page: Page): Promise<string> {
  return evaluateIsolated(page, textFingerprint, HASHED_CHARS);
}
