import { READABILITY_SOURCE } from './page-to-markdown.js';
/** Readability runs inside the page on a clone of the DOM (it edits what it reads); no DOM library in Node. */
export async function extractMainContent(page) {
    try {
        await page.evaluate(READABILITY_SOURCE);
        const article = await page.evaluate(() => {
            const Readability = globalThis.Readability;
            const parsed = new Readability(document.cloneNode(true)).parse();
            return { title: parsed?.title ?? document.title, contentHtml: parsed?.content ?? '' };
        });
        if (article.contentHtml.trim())
            return article;
    }
    catch {
        // JavaScript disabled or Readability gave up: fall back to the whole body below.
    }
    const html = await page.content();
    return { title: await page.title().catch(() => ''), contentHtml: html };
}
