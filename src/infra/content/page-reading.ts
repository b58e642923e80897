import { documentBody, normalizeNewlines, parseDocument } from './parse-document.js';

/** How a page was read, which decides what its HTML parses into: the document a browser showed a reader. */
export interface PageReading {
  /**
   * Scripts ran in it (js=true). A browser that runs scripts parses `<noscript>` content as text, so neither selectors
   * nor the content ever see elements there; page.content() serializes that text as markup again, which an HTML
   * parser (linkedom's) reads as elements.
   */
  readonly scripted: boolean;
  /** A body that is not HTML, served as text (js=false): Chromium shows it as one `<pre>` of the text. */
  readonly text: boolean;
}

/** What a page parses as when nothing says otherwise: HTML as served. */
export const AS_SERVED: PageReading = { scripted: false, text: false };

/** Chromium's page for a text body (its TextDocument): the text, as it is, in a `<pre>` of the body. */
const TEXT_VIEW = '<html><head><meta name="color-scheme" content="light dark"></head><body><pre style="word-wrap: break-word; white-space: pre-wrap;"></pre></body></html>';
/** XML (XHTML and SVG included) is shown as markup, not text; HTML is HTML. */
const MARKUP = /^text\/html$|[/+]xml$/;
const NOSCRIPT = /<noscript/i;
const SCRIPT_TYPES: ReadonlySet<string> = new Set(['application/javascript', 'application/ecmascript', 'application/x-javascript']);

/** Whether Chromium shows a main document of this media type as text in a `<pre>` (text/*, JSON, scripts; not HTML or XML). */
export function showsAsText(mediaType: string): boolean {
  if (MARKUP.test(mediaType)) return false;
  return mediaType.startsWith('text/') || mediaType === 'application/json' || mediaType.endsWith('+json') || SCRIPT_TYPES.has(mediaType);
}

/**
 * Whether a body read as served is read as text: a type Chromium shows as text, or a download (which no tab showed) of
 * any type but HTML and XML, whose text is all there is to read.
 */
export function readsAsText(mediaType: string, downloaded: boolean): boolean {
  return downloaded ? !MARKUP.test(mediaType) : showsAsText(mediaType);
}

/** Parses a page's HTML as its reading says (parse-document.ts for the HTML itself). */
export function parsePage(html: string, reading: PageReading = AS_SERVED): Document {
  if (reading.text) return textView(html);
  const document = parseDocument(html);
  // Most pages have no noscript: the string test spares their parse a walk of the tree.
  if (reading.scripted && NOSCRIPT.test(html)) for (const element of document.getElementsByTagName('noscript')) element.textContent = element.innerHTML;
  return document;
}

function textView(text: string): Document {
  const document = parseDocument(TEXT_VIEW);
  // A text body goes through the same input stream preprocessing as HTML (the parser reads it as PLAINTEXT).
  documentBody(document)!.firstElementChild!.textContent = normalizeNewlines(text);
  return document;
}
