/**
 * The page's main content: the elements to render, in document order, none inside another. It may edit the
 * document it is given (a parse of our own), e.g. to drop boilerplate inside what it keeps. The document has
 * already lost its scripts, styles, comments and the caller's excluded elements.
 */
export function selectMainContent(document: Document): Element[] {
  const marked = document.querySelector('article') ?? document.querySelector('main, [role="main"]');
  return marked ? [marked] : document.body ? [document.body] : [];
}
