/** The first child element that holds anything: empty anchors (`<span id="id1"></span>`) often stand before a section's heading. */
export function leadingElement(element: Element): Element | null {
  for (let child = element.firstElementChild; child; child = child.nextElementSibling) {
    if (child.hasChildNodes()) return child;
  }
  return null;
}

/** Whether the element begins with an `h1`: a document of its own (a page documenting two modules has two). */
export function opensWithH1(element: Element): boolean {
  return leadingElement(element)?.localName.toLowerCase() === 'h1';
}
