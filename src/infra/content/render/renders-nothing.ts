import { isHidden } from '../hidden.js';
import { SKIPPED_TAGS } from '../html-tags.js';
import { isCodeWidget } from './doc-conventions.js';

/** An element the renderer writes nothing of, in any format: a skipped tag, a hidden element, a code block's widget. */
export function rendersNothing(element: Element): boolean {
  return SKIPPED_TAGS.has(element.localName) || isHidden(element) || isCodeWidget(element);
}
