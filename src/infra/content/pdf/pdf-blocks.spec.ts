import { renderPageContent } from '../page-content.js';
import { documentBlocks } from './pdf-blocks.js';
import { blocksHtml } from './pdf-html.js';
import { pageLines, textRuns } from './pdf-lines.js';
import type { PdfLine } from './pdf-lines.js';

/** A page of lines top to bottom: [text, size, gap before it in points (default: one body line), x]. */
function page(...lines: Array<[string, number, number?, number?]>): PdfLine[] {
  let y = 800;
  return lines.map(([text, size, gap = 12, x = 72]) => {
    y -= gap;
    return { text, size, y, x };
  });
}

const BODY = 'Body text set in the size most of the page uses, long enough to count as the body of the page.';
const markdown = (pages: PdfLine[][]) =>
  renderPageContent(blocksHtml(documentBlocks(pages), { title: null, author: null, language: null }), 'http://x/', { format: 'markdown', mainContent: false, includeSelectors: [], excludeSelectors: [] });

describe('PDF text runs into lines', () => {
  it('joins runs of one baseline, with a space where a gap shows one, and starts a line where the baseline jumps', () => {
    const items = [
      { str: 'Shared', transform: [10, 0, 0, 10, 72, 700], width: 30 },
      { str: 'MIME', transform: [10, 0, 0, 10, 104, 700], width: 24 },
      { str: '-info', transform: [10, 0, 0, 10, 128, 700.5], width: 20 },
      { str: '', transform: [10, 0, 0, 10, 72, 700], width: 0 },
      { type: 'beginMarkedContent' },
      { str: 'Next line', transform: [10, 0, 0, 10, 72, 688], width: 40 },
    ];
    expect(pageLines(textRuns(items))).toEqual([
      { text: 'Shared MIME-info', x: 72, y: 700, size: 10 },
      { text: 'Next line', x: 72, y: 688, size: 10 },
    ]);
  });
});

describe('PDF blocks', () => {
  it('gives a document without a text layer (a scan) empty content, not the rules between its pages (decisions.md 9.5)', () => {
    expect(markdown([[], [], []])).toBe('');
  });

  it('ranks headings by size over the document, splits paragraphs at wider gaps, and keeps wrapped lines together', () => {
    const pages = [
      page(['Title of it', 20], ['1. Chapter', 16, 30], [BODY, 10, 20], ['second line of it', 10], ['A new paragraph after a gap.', 10, 20], ['1.1 Section', 13, 20], ['hyphen-', 10, 20], ['ated word', 10]),
    ];
    expect(markdown(pages)).toBe(
      ['# Title of it', '## 1. Chapter', `${BODY} second line of it`, 'A new paragraph after a gap.', '### 1.1 Section', 'hyphen-ated word'].join('\n\n'),
    );
  });

  it('makes lists of bulleted and numbered lines, a wrapped item kept whole, numbers as written', () => {
    const pages = [
      page([BODY, 10], ['• first item', 10, 20], ['wrapped onto a second line', 10, 12, 82], ['• second item', 10, 18], ['After the list.', 10, 20], ['3. third step', 10, 20], ['4) fourth step', 10, 18]),
    ];
    expect(markdown(pages)).toBe([BODY, '- first item wrapped onto a second line\n- second item', 'After the list.', '3. third step\n4. fourth step'].join('\n\n'));
  });

  it('puts a rule between pages, and a page without text gives nothing but the rule', () => {
    expect(markdown([page([BODY, 10]), [], page(['Last page.', 10])])).toBe([BODY, '---', '---', 'Last page.'].join('\n\n'));
    expect(markdown([[]])).toBe('');
  });
});
