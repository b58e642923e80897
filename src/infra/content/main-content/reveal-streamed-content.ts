/** React's streamed Suspense boundaries: `<div hidden id="S:0">`, moved into place by the page's script. */
const STREAMED = 'div[hidden][id^="S:"]';

/**
 * A server-rendered page that streams its content (React 18) parks it in hidden divs that its script reveals;
 * the reader sees that content, so it is revealed here too, in place.
 */
export function revealStreamedContent(body: Element): void {
  for (const element of body.querySelectorAll(STREAMED)) {
    if (/^S:\d+$/.test(element.id)) element.removeAttribute('hidden');
  }
}
