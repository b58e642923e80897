/** An attribute's URL made absolute against the page's URL; null when it cannot be parsed. */
export function absoluteUrl(value: string, baseUrl: string): string | null {
  try {
    return new URL(value.trim(), baseUrl).href;
  } catch {
    return null;
  }
}

/** An attribute's URL made absolute when it is an http(s) URL (what a link or a source handed back may be); null otherwise. */
export function absoluteHttpUrl(value: string, baseUrl: string): string | null {
  const url = absoluteUrl(value, baseUrl);
  return url !== null && /^https?:/i.test(url) ? url : null;
}

/** A URL that runs script when followed (`javascript:`), read as the URL parser reads it, whitespace and case tricks included. */
export function isScriptUrl(value: string): boolean {
  return absoluteUrl(value, 'http://base.invalid/')?.startsWith('javascript:') ?? false;
}

/**
 * A link's (or a form's) URL that no format hands on (decisions.md 8.1 names `javascript:`): one that runs script when
 * followed, `javascript:` and `vbscript:`, or a `data:` document a click opens as a page. Every other scheme (ftp,
 * mailto, tel, sms...) is kept, in HTML and Markdown alike.
 */
export function isUnsafeLinkUrl(value: string): boolean {
  const url = absoluteUrl(value, 'http://base.invalid/');
  return url === null || /^(?:javascript|vbscript|data):/.test(url);
}
