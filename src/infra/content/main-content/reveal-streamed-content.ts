import { reveal } from '../hidden.js';

/** React's streamed Suspense boundaries: `<div hidden id="S:0">`, moved into place by the page's script. */
const STREAMED_ID = /^S:\d+$/;

/** Whether the element is a hidden boundary that a server-rendered page streams its content into (React 18). */
export function isStreamedBoundary(element: Element): boolean {
  return element.localName === 'div' && element.hasAttribute('hidden') && STREAMED_ID.test(element.id);
}

/** The page's script reveals a streamed boundary and the reader sees its content, so it is revealed here too, in place. */
export function revealStreamedBoundary(element: Element): void {
  element.removeAttribute('hidden');
}

/** A hidden element that holds most of the page is hidden until a script shows it (an age gate, a FOUC guard): shown. */
export function revealHiddenWrapper(element: Element): void {
  reveal(element);
  element.removeAttribute('aria-hidden');
}
