import { parseHTML } from 'linkedom';
import { withDepthCap } from './depth-cap.js';
import { parseLowerCasingAttributes } from './html-attributes.js';
import { HEAD_TAGS } from './html-tags.js';
import { unnestAnchors } from './unnested-anchors.js';
import { parsingClassNames, patchLinkedomClassName } from './linkedom-class-name.patch.js';
import { patchLinkedomEventTarget } from './linkedom-event-target.patch.js';

// At load, in every process that parses (API, worker, content threads, bench): a broken patch fails at boot.
patchLinkedomEventTarget();
patchLinkedomClassName();

/**
 * Parses HTML into a DOM (linkedom: an htmlparser2 tree behind the DOM API), attribute names lower-cased as a
 * browser's tokenizer does. Chromium's serialization always has `html`, `head` and `body`; a raw body may lack
 * them, and linkedom does not imply them as a browser would, so a document without them is rebuilt around its nodes.
 */
export function parseDocument(html: string): Document {
  const document = unnestAnchors(withDepthCap(parseLowerCasingAttributes(() => parsingClassNames(() => (parseHTML(withoutCdata(normalizeNewlines(html))) as unknown as { document: Document }).document))));
  if (hasSkeleton(document)) return withTrailingContentInBody(document);
  const { document: rebuilt } = parseHTML('<!doctype html><html><head></head><body></body></html>') as unknown as { document: Document };
  const source = document.documentElement?.localName === 'html' ? document.documentElement : document;
  for (const node of [...source.childNodes]) adopt(rebuilt, node);
  const lang = document.documentElement?.getAttribute?.('lang');
  if (lang) rebuilt.documentElement.setAttribute('lang', lang);
  return rebuilt;
}

function hasSkeleton(document: Document): boolean {
  const root = document.documentElement;
  if (root?.localName !== 'html') return false;
  const children = [...root.children].map((child) => child.localName);
  return children.includes('head') && children.includes('body');
}

/**
 * A browser ignores `</body>` and `</html>`: what follows them (a page that closes them early, then goes on) is
 * appended to the body. htmlparser2 leaves it after the body, or after the root, where the body never sees it.
 */
function withTrailingContentInBody(document: Document): Document {
  const body = documentBody(document)!;
  const trailing = [...followingSiblings(body), ...followingSiblings(document.documentElement)];
  for (const node of trailing) if (node.nodeType !== node.COMMENT_NODE) body.appendChild(node);
  return document;
}

function followingSiblings(node: Node): Node[] {
  const siblings: Node[] = [];
  for (let next = node.nextSibling; next; next = next.nextSibling) siblings.push(next);
  return siblings;
}

/** Moves one top-level node of a document without a skeleton into the rebuilt head or body. */
function adopt(into: Document, node: Node): void {
  if (node.nodeType === node.DOCUMENT_TYPE_NODE) return;
  const element = node.nodeType === node.ELEMENT_NODE ? (node as Element) : null;
  if (element?.localName === 'head' || element?.localName === 'body') {
    const target = element.localName === 'head' ? into.head : into.body;
    for (const child of [...element.childNodes]) target.appendChild(child);
    for (const attribute of [...element.attributes]) target.setAttribute(attribute.name, attribute.value);
    return;
  }
  const inHead = element !== null && HEAD_TAGS.has(element.localName) && into.body.childNodes.length === 0;
  (inHead ? into.head : into.body).appendChild(node);
}

/** The root's body element: linkedom's `document.body` is the element after the root's first child, wrong when a stray element sits there. */
export function documentBody(document: Document): Element | null {
  const root = document.documentElement;
  return (root && [...root.children].find((child) => child.localName === 'body')) ?? document.body;
}

/**
 * HTML's input stream preprocessing, which every browser's parser runs first (and so js=true's DOM): each CR LF pair
 * and each lone CR become one LF, so a `<pre>` served with Windows line endings keeps no `\r`.
 */
export function normalizeNewlines(html: string): string {
  return html.includes('\r') ? html.replace(/\r\n?/g, '\n') : html;
}

/**
 * Outside SVG and MathML a browser reads `<![CDATA[` as a bogus comment that ends at the first `>`; htmlparser2
 * swallows everything up to `]]>` (whole forum pages). Dropped up to that first `>`, as the browser does.
 */
function withoutCdata(html: string): string {
  return html.includes('<![CDATA[') ? html.replace(/<!\[CDATA\[[^>]*>/g, '') : html;
}
