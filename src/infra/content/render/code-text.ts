import { isElement, isText } from './element-kinds.js';
import { rendersNothing } from './renders-nothing.js';

/**
 * A code block's text as the browser shows it (decisions.md 8.1: `<pre>` whitespace exactly): its text nodes as they
 * are, each `<br>` a line break, and nothing of what renders nothing (a hidden span, a copy widget). Iterative: the
 * block may nest as deep as the page does.
 */
export function codeText(block: Element): string {
  const parts: string[] = [];
  const pending: Node[] = [...block.childNodes].reverse();
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (isText(node)) parts.push(node.nodeValue ?? '');
    else if (!isElement(node) || rendersNothing(node)) continue;
    else if (node.localName === 'br') parts.push('\n');
    else for (let child = node.lastChild; child; child = child.previousSibling) pending.push(child);
  }
  return parts.join('');
}
