/**
 * What the content code calls hidden: what a browser does not show, read from the markup alone (no stylesheet is
 * applied): the `hidden` attribute (HTML, "the hidden attribute"; `until-found` too, which stays hidden until a
 * search finds it) or an inline `style` declaring `display: none` or `visibility: hidden` (CSS Display 3, CSS 2
 * visibility), `!important` or not. Declarations are parsed: a custom property such as `--x-display:none` is not
 * one of them.
 */
export function isHidden(element: Element): boolean {
  if (element.hasAttribute('hidden')) return true;
  const style = element.getAttribute('style');
  return style !== null && hidingDeclarations(style).length > 0;
}

/** The element's inline style without its hiding declarations, and without the `hidden` attribute: shown as its script would. */
export function reveal(element: Element): void {
  element.removeAttribute('hidden');
  const style = element.getAttribute('style');
  if (style === null) return;
  const hiding = new Set(hidingDeclarations(style));
  element.setAttribute('style', declarations(style).filter((declaration) => !hiding.has(declaration)).join(';'));
}

function hidingDeclarations(style: string): string[] {
  if (!HINT.test(style)) return [];
  return declarations(style).filter(isHiding);
}

/** Cheap first look: most styles name neither property. */
const HINT = /display|visibility/i;
const IMPORTANT = /\s*!\s*important\s*$/i;

function declarations(style: string): string[] {
  return style.split(';');
}

function isHiding(declaration: string): boolean {
  const colon = declaration.indexOf(':');
  if (colon < 0) return false;
  const property = declaration.slice(0, colon).trim().toLowerCase();
  const value = declaration.slice(colon + 1).replace(IMPORTANT, '').trim().toLowerCase();
  return (property === 'display' && value === 'none') || (property === 'visibility' && value === 'hidden');
}
