/** A caller's URL as the service accepts it: absolute, http or https, with a host, without user name or password. */
export function parseHttpUrl(raw: string): { url: URL; problem: null } | { url: null; problem: string } {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { url: null, problem: 'The URL must be an absolute http or https URL.' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { url: null, problem: 'The URL must use http or https.' };
  if (!url.hostname) return { url: null, problem: 'The URL must have a host.' };
  if (url.username || url.password) return { url: null, problem: 'The URL must not contain a user name or password.' };
  return { url, problem: null };
}
