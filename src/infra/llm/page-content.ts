import type { BrowserPage } from '../browser/page-options.js';
import { READABILITY_SOURCE } from './page-to-markdown.js';

export interface MainContent {
  readonly title: string;
  readonly contentHtml: string;
}

/** Readability runs inside the page on a clone of the DOM (it edits what it reads); no DOM library in Node. */
export async function extractMainContent(page: BrowserPage): Promise<MainContent> {
  try {
    await page.evaluate(READABILITY_SOURCE);
    const article = await page.evaluate(() => {
      const Readability = (globalThis as unknown as { Readability: new (doc: Document) => { parse(): { title?: string; content?: string } | null } }).Readability;
      const parsed = new Readability(document.cloneNode(true) as Document).parse();
      return { title: parsed?.title ?? document.title, contentHtml: parsed?.content ?? '' };
    });
    if (article.contentHtml.trim()) return article;
  } catch {
    // JavaScript disabled or Readability gave up: fall back to the whole body below.
  }
  const html = await page.content();
  return { title: await page.title().catch(() => ''), contentHtml: html };
}
