import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tokenize, wordF1 } from '../../../../bench/wcxb/word-f1.js';
import { renderPageContent } from '../page-content.js';
import type { ContentFormat } from '../page-content.js';
import { readPdf } from './read-pdf.js';
import type { PdfDocument } from './read-pdf.js';

// Real documents nobody here wrote (Debian's shared-mime-info and libtasn1-doc), against Poppler's pdftotext.
const DOCUMENTS = [
  { path: '/usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf', pages: 17, headings: ['\n## 2. Unified system\n', '\n### 2.1. Directory layout\n'] },
  { path: '/usr/share/doc/libtasn1-doc/libtasn1.pdf', pages: 36, headings: ['\n## 2 ASN.1 structure handling\n', '\n### 2.1 ASN.1 syntax\n'] },
];

async function read(path: string, maxPages = 200): Promise<PdfDocument> {
  const result = await readPdf(new Uint8Array(readFileSync(path)), maxPages);
  if ('unreadable' in result) throw new Error(result.unreadable);
  return result;
}

function rendered(document: PdfDocument, format: ContentFormat): string {
  return renderPageContent(document.html, 'http://127.0.0.1/doc.pdf', { format, mainContent: false, includeSelectors: [], excludeSelectors: [] });
}

/**
 * The share of words in the same order: their longest common subsequence over the longer list, within a band of
 * 400 words around the diagonal (both lists hold the same text, so a longer detour is a reordering anyway).
 */
function orderedShare(predicted: readonly string[], reference: readonly string[]): number {
  const band = 400;
  const width = reference.length + 1;
  let row = new Int32Array(width);
  for (let i = 1; i <= predicted.length; i += 1) {
    const next = new Int32Array(width);
    const centre = Math.round((i * reference.length) / predicted.length);
    const from = Math.max(1, centre - band);
    const to = Math.min(reference.length, centre + band);
    for (let j = from; j <= to; j += 1) next[j] = predicted[i - 1] === reference[j - 1] ? row[j - 1] + 1 : Math.max(row[j], next[j - 1]);
    for (let j = to + 1; j < width; j += 1) next[j] = next[to];
    row = next;
  }
  return row[reference.length] / Math.max(predicted.length, reference.length);
}

it('loads PDF.js with the first PDF read, not with the module: a process that reads none never holds it', async () => {
  const global = globalThis as { pdfjsWorker?: unknown };
  expect(global.pdfjsWorker).toBeUndefined();
  await read(DOCUMENTS[0].path, 1);
  expect(global.pdfjsWorker).toEqual(expect.objectContaining({ WorkerMessageHandler: expect.any(Function) }));
});

describe('readPdf on real documents', () => {
  for (const { path, pages, headings } of DOCUMENTS) {
    describe(path.split('/').pop()!, () => {
      let document: PdfDocument;
      let reference: string;
      beforeAll(async () => {
        document = await read(path);
        reference = execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { maxBuffer: 64 << 20 }).toString('utf8');
      });

      it('reads every page, not truncated', () => {
        expect({ pages: document.pages, pagesRead: document.pagesRead, truncated: document.truncated }).toEqual({ pages, pagesRead: pages, truncated: false });
      });

      it.each(['markdown', 'text'] as const)('gives the words of pdftotext, in order, as %s (word F1 >= 0.95)', (format) => {
        const content = rendered(document, format);
        const score = wordF1(content, reference);
        process.stdout.write(`${path} ${format}: word F1 ${score.f1.toFixed(4)} (P ${score.precision.toFixed(4)}, R ${score.recall.toFixed(4)})\n`);
        expect(score.f1).toBeGreaterThanOrEqual(0.95);
        expect(orderedShare(tokenize(content), tokenize(reference))).toBeGreaterThanOrEqual(0.95);
      });

      it('keeps the headings and a rule between pages in Markdown', () => {
        const markdown = rendered(document, 'markdown');
        for (const heading of headings) expect(markdown).toContain(heading);
        expect(markdown.split('\n').filter((line) => line === '---')).toHaveLength(pages - 1);
      });
    });
  }

  it('cuts at the page cap and says so', async () => {
    const document = await read(DOCUMENTS[0].path, 3);
    expect({ pages: document.pages, pagesRead: document.pagesRead, truncated: document.truncated }).toEqual({ pages: 17, pagesRead: 3, truncated: true });
    expect(rendered(document, 'markdown').split('\n').filter((line) => line === '---')).toHaveLength(2);
  });

  it('calls a document locked with a password unreadable', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'pdf-spec-')), 'locked.pdf');
    execFileSync('qpdf', ['--encrypt', 'user-secret', 'owner-secret', '256', '--', DOCUMENTS[0].path, out]);
    await expect(readPdf(new Uint8Array(readFileSync(out)), 200)).resolves.toEqual({ unreadable: 'the document is encrypted with a password' });
  });

  it('calls a document encrypted with only an owner password unreadable too (decisions 9.5: encrypted), though it opens for anyone', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'pdf-spec-')), 'restricted.pdf');
    execFileSync('qpdf', ['--encrypt', '', 'owner-secret', '256', '--print=none', '--', DOCUMENTS[0].path, out]);
    await expect(readPdf(new Uint8Array(readFileSync(out)), 200)).resolves.toEqual({ unreadable: 'the document is encrypted' });
  });

  it('calls a corrupt file unreadable', async () => {
    const bytes = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 9 0 R >> endobj\nthis is not a pdf\n%%EOF\n');
    await expect(readPdf(bytes, 200)).resolves.toEqual({ unreadable: expect.stringContaining('could not be parsed') });
  });
});
