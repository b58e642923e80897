import { absoluteUrl } from './read-output.js';

/** The URL relative URLs resolve against, as in a browser: the first `<base href>`, resolved, else the page's URL. */
export function documentBaseUrl(document: Document, pageUrl: string): string {
  const href = document.querySelector('base[href]')?.getAttribute('href');
  if (!href) return pageUrl;
  const base = absoluteUrl(href.trim(), pageUrl);
  return URL.canParse(base) ? base : pageUrl;
}
