import { selectorTest } from '../selector-test.js';
import { ContentElements } from './content-elements.js';

/**
 * Prompts addressed to the visitor, not part of what the page is about: Stack Exchange's notice under the answers
 * ("You must log in to answer this question", "Start asking to get answers", "Explore related questions" and the
 * tags again), XenForo's "JavaScript is disabled" warning, which a page delivered without scripts shows, and
 * Webflow's form outcomes ("Thank you! Your submission has been received!", "Oops! Something went wrong"), which
 * its stylesheet hides until a form is sent.
 */
// XenForo's warning sits in a `noscript` that the clean step unwraps in a document as served: its own block is what is left.
const VISITOR_PROMPTS = '.js-bottom-notice, .js-jsWarning, .blockMessage--important.u-noJsOnly, .w-form-done, .w-form-fail';
const IS_VISITOR_PROMPT = selectorTest(VISITOR_PROMPTS);

/** Drops the visitor prompts in the selection. */
export function dropVisitorPrompts(root: Element, elements = new ContentElements(root)): void {
  for (const element of elements.where(IS_VISITOR_PROMPT)) elements.remove(element);
}
