import type { CDPSession, Protocol } from 'puppeteer';
import { isDownload } from './download-answer.js';

/**
 * The main document read at its response instead of shown: a PDF read as a document (decisions.md 9.5), or a download
 * answered as its body (decisions.md 2); or the note that it passed its cap. `headers` are the target's own (the tab
 * is handed a stand-in with only the status kept).
 */
export type CapturedDocument =
  | { readonly kind: 'pdf' | 'download'; readonly bytes: Uint8Array; readonly headers: Record<string, string> }
  | { readonly kind: 'pdf' | 'download'; readonly tooLarge: true }
  | EmptyAnswer;

/**
 * The job's own navigation answered without a body (204, 205, 304): Chromium would not commit it (the navigation
 * fails ERR_ABORTED, the tab staying where it was), yet it is the target's answer, a billed success whatever its status
 * (decisions.md 7.1). The tab is shown an empty page instead; the answer keeps the target's status and headers.
 */
export interface EmptyAnswer {
  readonly kind: 'empty';
  readonly status: number;
  readonly headers: Record<string, string>;
}

/** Statuses whose answer has no body and which Chromium leaves uncommitted. */
const BODILESS_STATUSES: ReadonlySet<number> = new Set([204, 205, 304]);

/** Whether a main document's response is a redirect the navigation follows (a 304 is an answer, not a hop). */
export function isRedirectStatus(status: number): boolean {
  return status >= 300 && status < 400 && status !== 304;
}

/** The job's own navigation's answer without a body, read as an empty page (EmptyAnswer); null for any other response. */
export function emptyAnswer(event: PausedResponse, ownNavigation: boolean): { answer: EmptyAnswer; fulfill: Protocol.Fetch.FulfillRequestRequest } | null {
  const status = event.responseStatusCode ?? 0;
  if (!ownNavigation || event.responseErrorReason || !BODILESS_STATUSES.has(status)) return null;
  const headers = Object.fromEntries((event.responseHeaders ?? []).map(({ name, value }) => [name.toLowerCase(), value]));
  return { answer: { kind: 'empty', status, headers }, fulfill: placeholder(event.requestId, 200, '') };
}

/** How many bytes of each kind a job reads. */
export interface CaptureCaps {
  readonly pdf: number;
  readonly download: number;
}

/** A labelled PDF, a download (download-answer.ts), or a vague type whose first bytes decide (a PDF, or shown as it came). */
export type CaptureKind = 'pdf' | 'download' | 'sniff';

/** What the tab is given instead of a document it cannot show: the navigation ends there, with the target's status. */
const PLACEHOLDER = '<!doctype html><html><head><title>Document</title></head><body></body></html>';
const PDF_MAGIC = '%PDF-';
const CHUNK_BYTES = 1 << 20;
/** A PDF's header may follow some whitespace or a byte-order mark: readers allow it in the first KiB. */
const HEAD_BYTES = 1024;
const PDF_TYPES: ReadonlySet<string> = new Set(['application/pdf', 'application/x-pdf']);
/** Types a server gives a PDF it does not label: the body's first bytes decide. */
const SNIFFED_TYPES = new Set(['', 'application/octet-stream', 'binary/octet-stream', 'application/x-download', 'application/download', 'application/force-download', 'text/plain']);

type PausedResponse = Protocol.Fetch.RequestPausedEvent;

/** The answer to the paused response and, when it was read, what was read of it. */
export interface DocumentVerdict {
  readonly document: CapturedDocument | null;
  readonly fulfill: Protocol.Fetch.FulfillRequestRequest;
}

/**
 * Whether a main document's response is read at its response, and as what; null: it goes to the tab untouched. A
 * download is read only as the answer of the job's own navigation (`ownNavigation`); `sniffAnyType` reads the first
 * bytes of any type (a navigation made again for a page that showed as a PDF's text).
 */
export function captureKind(event: PausedResponse, caps: CaptureCaps, ownNavigation: boolean, sniffAnyType = false): CaptureKind | null {
  const status = event.responseStatusCode ?? 0;
  // A redirect, or an answer without a body (204, 205, 304: emptyAnswer), is no document.
  if (event.responseErrorReason || BODILESS_STATUSES.has(status) || isRedirectStatus(status)) return null;
  const headers = event.responseHeaders ?? [];
  const type = contentType(headers);
  if (PDF_TYPES.has(type)) return 'pdf';
  if (ownNavigation && isDownload(headers, type)) return 'download';
  return SNIFFED_TYPES.has(type) || sniffAnyType ? 'sniff' : null;
}

/** The most a kind reads: a download or a vague body may still be a PDF by its first bytes (decisions.md 9.5). */
export function readCap(kind: CaptureKind, caps: CaptureCaps): number {
  return kind === 'pdf' ? caps.pdf : Math.max(caps.pdf, caps.download);
}

/**
 * Takes the paused main document's body as a stream, at most its kind's cap, as it arrives through the tab's own route
 * (the relay and the policy). A PDF (labelled, or starting with `%PDF-`) and a download are kept and the tab is shown an
 * empty page; any other body is handed to the tab as it came.
 */
export async function captureDocument(session: CDPSession, event: PausedResponse, kind: CaptureKind, caps: CaptureCaps): Promise<DocumentVerdict> {
  const { stream } = await session.send('Fetch.takeResponseBodyAsStream', { requestId: event.requestId });
  const { head, bytes } = await readStream(session, stream, readCap(kind, caps));
  const status = event.responseStatusCode ?? 200;
  const read: CapturedDocument['kind'] | null = kind === 'pdf' || startsWithMagic(head) ? 'pdf' : kind === 'download' ? 'download' : null;
  if (read) {
    const cap = read === 'pdf' ? caps.pdf : caps.download;
    const headers = Object.fromEntries((event.responseHeaders ?? []).map(({ name, value }) => [name.toLowerCase(), value]));
    const document = bytes === null || bytes.length > cap ? { kind: read, tooLarge: true as const } : { kind: read, bytes, headers };
    return { document, fulfill: placeholder(event.requestId, status) };
  }
  // A vague body past every cap is no page an operation returns (MAX_PAGE_BYTES): refused as a download would be.
  if (bytes === null) return { document: { kind: 'download', tooLarge: true }, fulfill: placeholder(event.requestId, status) };
  const responseHeaders = (event.responseHeaders ?? []).filter((header) => !/^(content-length|content-encoding|transfer-encoding)$/i.test(header.name));
  return { document: null, fulfill: { requestId: event.requestId, responseCode: status, responseHeaders, body: Buffer.from(bytes).toString('base64') } };
}

/** The stream's first bytes, and all of them, or null once they pass `maxBytes` (the rest is never read). */
async function readStream(session: CDPSession, handle: string, maxBytes: number): Promise<{ head: Uint8Array; bytes: Uint8Array | null }> {
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for (;;) {
      const { data, base64Encoded, eof } = await session.send('IO.read', { handle, size: CHUNK_BYTES });
      const chunk = Buffer.from(data, base64Encoded ? 'base64' : 'utf8');
      chunks.push(chunk);
      total += chunk.length;
      if (total > maxBytes) return { head: new Uint8Array(Buffer.concat(chunks, Math.min(total, HEAD_BYTES))), bytes: null };
      if (eof) {
        const bytes = new Uint8Array(Buffer.concat(chunks));
        return { head: bytes.subarray(0, HEAD_BYTES), bytes };
      }
    }
  } finally {
    await session.send('IO.close', { handle }).catch(() => undefined);
  }
}

function startsWithMagic(head: Uint8Array): boolean {
  const text = Buffer.from(head).toString('latin1');
  return text.trimStart().startsWith(PDF_MAGIC) || text.slice(0, 32).includes(PDF_MAGIC);
}

function placeholder(requestId: string, status: number, page = PLACEHOLDER): Protocol.Fetch.FulfillRequestRequest {
  const responseHeaders = [{ name: 'content-type', value: 'text/html; charset=utf-8' }];
  return { requestId, responseCode: status, responseHeaders, body: Buffer.from(page).toString('base64') };
}

function contentType(headers: readonly Protocol.Fetch.HeaderEntry[]): string {
  const value = headers.find((header) => header.name.toLowerCase() === 'content-type')?.value ?? '';
  return value.split(';')[0].trim().toLowerCase();
}
