import type { PdfBlock } from './pdf-blocks.js';

/** What a document says of itself (its info dictionary). */
export interface PdfInfo {
  readonly title: string | null;
  readonly author: string | null;
  readonly language: string | null;
}

/**
 * decisions.md 9.5's simple HTML document of the blocks: h1-h6, p, ul/ol and an hr between pages, the title and
 * author in its head. It is format=html's answer, and what the 8.1 renderer reads for Markdown and text.
 */
export function blocksHtml(blocks: readonly PdfBlock[], info: PdfInfo): string {
  const head = [
    '<meta charset="utf-8">',
    info.title ? `<title>${escapeHtml(info.title)}</title>` : '',
    info.author ? `<meta name="author" content="${escapeHtml(info.author)}">` : '',
  ].join('');
  const lang = info.language ? ` lang="${escapeHtml(info.language)}"` : '';
  return `<!doctype html><html${lang}><head>${head}</head><body>\n${betweenText(blocks).map(blockHtml).join('\n')}\n</body></html>`;
}

/**
 * A document without a text layer (a scan) is empty content (decisions.md 9.5), not the rules between its pages;
 * one with text keeps a rule between every two pages (`---` in Markdown), blank pages included.
 */
function betweenText(blocks: readonly PdfBlock[]): readonly PdfBlock[] {
  return blocks.some((block) => block.kind !== 'page-break') ? blocks : [];
}

function blockHtml(block: PdfBlock): string {
  switch (block.kind) {
    case 'heading':
      return `<h${block.level}>${escapeHtml(block.text)}</h${block.level}>`;
    case 'paragraph':
      return `<p>${escapeHtml(block.text)}</p>`;
    case 'list': {
      const tag = block.ordered ? 'ol' : 'ul';
      const items = block.items.map((item) => `<li${item.number === undefined ? '' : ` value="${item.number}"`}>${escapeHtml(item.text)}</li>`);
      return `<${tag}>${items.join('')}</${tag}>`;
    }
    case 'page-break':
      return '<hr>';
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]!);
}
