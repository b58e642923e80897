/** The scheme, then two slashes (a backslash counts as one in http and https) and a host: not a third slash. */
const WRITTEN_AUTHORITY = /^[a-z][a-z0-9+.-]*:[/\\]{2}(?![/\\])/i;

/** A caller's URL as the service accepts it: absolute, http or https, with a host, without user name or password. */
export function parseHttpUrl(raw: string): { url: URL; problem: null } | { url: null; problem: string } {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { url: null, problem: 'The URL must be an absolute http or https URL.' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { url: null, problem: 'The URL must use http or https.' };
  // WHATWG parsing makes a host of the path when the authority is missing or empty (`http:x`, `http:///x` read as
  // http://x/): the text as written must hold one (tabs and line breaks are dropped by the parser, so here too).
  if (!url.hostname || !WRITTEN_AUTHORITY.test(raw.trim().replace(/[\t\n\r]/g, ''))) return { url: null, problem: 'The URL must have a host.' };
  if (url.username || url.password) return { url: null, problem: 'The URL must not contain a user name or password.' };
  return { url, problem: null };
}
