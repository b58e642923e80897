/** decisions.md 9.1 "Not followed". */

export const MAX_LINKS_PER_PAGE = 1000;
export const MAX_URL_LENGTH = 2048;

const SKIPPED_EXTENSIONS = new Set(
  'png jpg jpeg gif webp svg ico mp3 mp4 webm avi mov woff woff2 ttf zip gz tar 7z rar exe dmg iso'.split(' '),
);

/** An http(s) URL of at most 2,048 characters whose path does not end in a media, font, archive or binary file. */
export function followable(url: URL): boolean {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.href.length > MAX_URL_LENGTH) return false;
  const lastSegment = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
  const dot = lastSegment.lastIndexOf('.');
  return dot < 0 || !SKIPPED_EXTENSIONS.has(lastSegment.slice(dot + 1).toLowerCase());
}
