import type { CDPSession, Protocol } from 'puppeteer';

/** The main document read as a document (decisions.md 9.5): its bytes, or the note that they passed the cap. */
export type CapturedDocument = { readonly bytes: Uint8Array } | { readonly tooLarge: true };

/** What the tab is given instead of a document it cannot show: the navigation ends there, with the target's status. */
const PLACEHOLDER = '<!doctype html><html><head><title>Document</title></head><body></body></html>';
const PDF_MAGIC = '%PDF-';
const CHUNK_BYTES = 1 << 20;
/** Types a server gives a PDF it does not label: the body's first bytes decide. */
const SNIFFED_TYPES = new Set(['', 'application/octet-stream', 'binary/octet-stream', 'application/x-download', 'application/download', 'application/force-download', 'text/plain']);

type PausedResponse = Protocol.Fetch.RequestPausedEvent;

/** The answer to the paused response and, when it was a document, what was read of it. */
export interface DocumentVerdict {
  readonly document: CapturedDocument | null;
  readonly fulfill: Protocol.Fetch.FulfillRequestRequest;
}

/** Whether a main document's response may be a PDF: labelled one, or labelled as nothing in particular. */
export function mayBeDocument(event: PausedResponse): 'pdf' | 'sniff' | null {
  const status = event.responseStatusCode ?? 0;
  // A redirect, or an answer without a body (204, 304), is no document.
  if (event.responseErrorReason || status === 204 || (status >= 300 && status < 400)) return null;
  const type = contentType(event.responseHeaders ?? []);
  if (type === 'application/pdf' || type === 'application/x-pdf') return 'pdf';
  return SNIFFED_TYPES.has(type) ? 'sniff' : null;
}

/**
 * Takes the paused main document's body as a stream, at most `maxBytes`, as it arrives through the tab's own route
 * (the relay and the policy). A PDF, or a body starting with `%PDF-`, is kept and the tab is shown an empty page; any
 * other body is handed to the tab as it came.
 */
export async function captureDocument(session: CDPSession, event: PausedResponse, maxBytes: number, labelled: boolean): Promise<DocumentVerdict> {
  const { stream } = await session.send('Fetch.takeResponseBodyAsStream', { requestId: event.requestId });
  const read = await readStream(session, stream, maxBytes);
  const status = event.responseStatusCode ?? 200;
  const isPdf = labelled || (read !== null && startsWithMagic(read));
  if (isPdf) return { document: read === null ? { tooLarge: true } : { bytes: read }, fulfill: placeholder(event.requestId, status) };
  if (read === null) return { document: { tooLarge: true }, fulfill: placeholder(event.requestId, status) };
  const responseHeaders = (event.responseHeaders ?? []).filter((header) => !/^(content-length|content-encoding|transfer-encoding)$/i.test(header.name));
  return { document: null, fulfill: { requestId: event.requestId, responseCode: status, responseHeaders, body: Buffer.from(read).toString('base64') } };
}

/** The stream's bytes, or null once they pass `maxBytes` (the rest is never read). */
async function readStream(session: CDPSession, handle: string, maxBytes: number): Promise<Uint8Array | null> {
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for (;;) {
      const { data, base64Encoded, eof } = await session.send('IO.read', { handle, size: CHUNK_BYTES });
      const chunk = Buffer.from(data, base64Encoded ? 'base64' : 'utf8');
      total += chunk.length;
      if (total > maxBytes) return null;
      chunks.push(chunk);
      if (eof) return new Uint8Array(Buffer.concat(chunks));
    }
  } finally {
    await session.send('IO.close', { handle }).catch(() => undefined);
  }
}

function startsWithMagic(bytes: Uint8Array): boolean {
  // A few bytes of whitespace or a byte-order mark may precede the header; PDF readers allow the header in the first KiB.
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  return head.trimStart().startsWith(PDF_MAGIC) || head.slice(0, 32).includes(PDF_MAGIC);
}

function placeholder(requestId: string, status: number): Protocol.Fetch.FulfillRequestRequest {
  const responseHeaders = [{ name: 'content-type', value: 'text/html; charset=utf-8' }];
  return { requestId, responseCode: status, responseHeaders, body: Buffer.from(PLACEHOLDER).toString('base64') };
}

function contentType(headers: readonly Protocol.Fetch.HeaderEntry[]): string {
  const value = headers.find((header) => header.name.toLowerCase() === 'content-type')?.value ?? '';
  return value.split(';')[0].trim().toLowerCase();
}
