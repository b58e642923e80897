import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { documentBlocks } from './pdf-blocks.js';
import { blocksHtml } from './pdf-html.js';
import type { PdfInfo } from './pdf-html.js';
import { pageLines, textRuns } from './pdf-lines.js';
import type { PdfLine, TextContentItem } from './pdf-lines.js';

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfJs: Promise<PdfJs> | null = null;

/**
 * PDF.js, loaded by the first PDF a thread reads: its 6 MB of source, its compiled code and its canvas binding stay out
 * of the processes and threads that never read one (the worker's main thread, every API process). It runs its parser
 * in this very thread, never in a worker or a script it loads itself.
 */
function loadPdfJs(): Promise<PdfJs> {
  pdfJs ??= Promise.all([import('pdfjs-dist/legacy/build/pdf.mjs'), import('pdfjs-dist/legacy/build/pdf.worker.mjs')])
    .then(([library, worker]) => {
      (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
      return library;
    })
    .catch((error: unknown) => {
      pdfJs = null;
      throw error;
    });
  return pdfJs;
}

/** A PDF read as a document: its blocks as a simple HTML document, and decisions.md 9.5's metadata. */
export interface PdfDocument {
  readonly html: string;
  readonly pages: number;
  readonly pagesRead: number;
  readonly truncated: boolean;
  readonly title: string | null;
  readonly author: string | null;
}

/** Why a PDF could not be read (encrypted, or not a PDF PDF.js can parse). */
export interface PdfUnreadable {
  readonly unreadable: string;
}

/**
 * The text layer of at most `maxPages` pages. A PDF is hostile input: no eval (CVE-2024-4367's font matrix ran
 * script), no fonts, images or rendering, nothing fetched (no standard font data, no CMaps from outside).
 */
export async function readPdf(bytes: Uint8Array, maxPages: number): Promise<PdfDocument | PdfUnreadable> {
  const { getDocument } = await loadPdfJs();
  const task = getDocument({
    data: bytes,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    enableXfa: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  let document: PDFDocumentProxy;
  try {
    document = await task.promise;
  } catch (error) {
    await task.destroy().catch(() => undefined);
    return { unreadable: unreadableReason(error) };
  }
  try {
    // decisions.md 9.5: "Encrypted or unreadable: 500 document_unreadable". Only an encrypted document has permissions
    // (its /Encrypt's P): one locked by an owner password alone opens for anyone, and is encrypted all the same.
    if ((await document.getPermissions().catch(() => null)) !== null) return { unreadable: 'the document is encrypted' };
    return await readDocument(document, maxPages);
  } finally {
    await task.destroy().catch(() => undefined);
  }
}

/** Unreadable is what PDF.js could not read; an error of our own layout code is thrown on (a logged 500, no internals echoed). */
async function readDocument(document: PDFDocumentProxy, maxPages: number): Promise<PdfDocument | PdfUnreadable> {
  const pagesRead = Math.min(document.numPages, maxPages);
  const pages: PdfLine[][] = [];
  for (let number = 1; number <= pagesRead; number += 1) {
    let items: TextContentItem[];
    try {
      const page = await document.getPage(number);
      items = (await page.getTextContent()).items as TextContentItem[];
      page.cleanup();
    } catch (error) {
      return { unreadable: unreadableReason(error) };
    }
    pages.push(pageLines(textRuns(items)));
  }
  const info = await documentInfo(document);
  const html = blocksHtml(documentBlocks(pages), info);
  return { html, pages: document.numPages, pagesRead, truncated: pagesRead < document.numPages, title: info.title, author: info.author };
}

async function documentInfo(document: PDFDocumentProxy): Promise<PdfInfo> {
  const { info } = await document.getMetadata().catch(() => ({ info: {} }));
  const field = (name: string): string | null => {
    const value = (info as Record<string, unknown>)[name];
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
  };
  return { title: field('Title'), author: field('Author'), language: field('Language') };
}

function unreadableReason(error: unknown): string {
  const name = (error as { name?: unknown })?.name;
  if (name === 'PasswordException') return 'the document is encrypted with a password';
  const message = error instanceof Error ? error.message : String(error);
  return `the document could not be parsed (${message.slice(0, 200)})`;
}
