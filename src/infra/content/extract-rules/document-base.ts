import { absoluteUrl } from '../resolve-url.js';

/** The URL relative URLs resolve against, as in a browser: the first `<base href>`, resolved, else the page's URL. */
export function documentBaseUrl(document: Document, pageUrl: string): string {
  const href = document.querySelector('base[href]')?.getAttribute('href');
  if (!href) return pageUrl;
  return absoluteUrl(href, pageUrl) ?? pageUrl;
}
