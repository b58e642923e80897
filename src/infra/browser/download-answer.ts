import type { Protocol } from 'puppeteer';

/** Text types Chromium saves instead of showing (blink's mime_util, kUnsupportedTextTypes): CSV, calendars, cards. */
const SAVED_TEXT_TYPES: ReadonlySet<string> = new Set([
  'text/calendar', 'text/x-calendar', 'text/x-vcalendar', 'text/vcalendar', 'text/vcard', 'text/x-vcard', 'text/directory',
  'text/ldif', 'text/qif', 'text/x-qif', 'text/x-csv', 'text/x-vcf', 'text/rtf', 'text/comma-separated-values', 'text/csv',
  'text/tab-separated-values', 'text/tsv', 'text/ofx', 'text/vnd.sun.j2me.app-descriptor', 'text/x-ms-iqy', 'text/x-ms-odc',
  'text/x-ms-rqy', 'text/x-ms-contact',
]);
const SHOWN_APPLICATION_TYPES: ReadonlySet<string> = new Set([
  'application/json', 'application/xml', 'application/javascript', 'application/ecmascript', 'application/x-javascript',
  'application/x-mpegurl', 'application/vnd.apple.mpegurl',
]);
/** Whole families a tab shows (unsupported images and media aside, which it saves and which stay the browser's call). */
const SHOWN_FAMILIES = /^(text|image|audio|video)\//;
/** A disposition's type: a token before any parameter (`filename=x` alone names none, and is shown). */
const DISPOSITION_TYPE = /^\s*([!#$%&'*+.^_`|~0-9a-z-]+)\s*(?:;|$)/i;

/**
 * Whether Chromium saves a navigation's answer as a download rather than show it, which aborts the navigation
 * (ERR_ABORTED, or ERR_INVALID_RESPONSE for a status other than 2xx): an attachment of any type (any disposition but
 * `inline`, as RFC 6266 says), or a type no tab shows (application/octet-stream, a zip, a CSV, a font...). Checked
 * against headless Chromium's own answers; a body without a type, or text/plain, is sniffed by the browser and left to it.
 */
export function isDownload(headers: readonly Protocol.Fetch.HeaderEntry[], mediaType: string): boolean {
  const disposition = headers.find((header) => header.name.toLowerCase() === 'content-disposition')?.value ?? '';
  const type = DISPOSITION_TYPE.exec(disposition)?.[1].toLowerCase();
  if (type !== undefined && type !== 'inline') return true;
  if (mediaType === '' || mediaType === 'multipart/x-mixed-replace') return false;
  if (SHOWN_FAMILIES.test(mediaType)) return SAVED_TEXT_TYPES.has(mediaType);
  if (mediaType.startsWith('application/')) return !SHOWN_APPLICATION_TYPES.has(mediaType) && !/\+(json|xml)$/.test(mediaType);
  return true;
}
