import { tagOf } from '../find-elements.js';
import type { SelectorTest } from '../selector-test.js';
import { collapsedText } from '../whitespace.js';
import type { PageElements } from './page-elements.js';

/**
 * The elements of the chosen content, found by one walk and handed from pass to pass: each drop-* pass used to walk
 * the content again (about fifteen walks a page, each through linkedom's sibling getters). The passes only remove,
 * and they remove through `remove`, which marks the element's subtree gone; so every answer here is the one a fresh
 * walk of the content would give at that moment. A pass that removed an element without it would leave it here.
 */
export class ContentElements {
  /** Every element under the root (not the root), in document order, a template's content included. */
  private readonly order: Element[] = [];
  /** Each one's tag name, lower-cased (find-elements.ts's `tagOf`). */
  private readonly tags: string[] = [];
  /** The index after each one's last descendant: its subtree is `order[index, ends[index])`. */
  private readonly ends: number[] = [];
  /** Whether each one lies inside a template's content, which the selector engine's queries do not search. */
  private readonly templated: boolean[] = [];
  private readonly positions = new Map<Element, number>();
  private readonly gone: Uint8Array;
  /** By attribute name, every element's value of it joined by line breaks, read on the first asking (`couldMatch`). */
  private readonly attributeValues = new Map<string, string>();
  /** Each element's collapsed text once read, until a removal under it changes it. */
  private readonly texts = new Map<Element, string>();

  /** `page`: the page's list (page-elements.ts), when the caller holds one that answers for `root`: no walk then. */
  constructor(readonly root: Element, page?: PageElements) {
    const at = page?.subtree(root);
    if (page && at) this.copy(page, at.index, at.end);
    else this.collect(root, false);
    this.gone = new Uint8Array(this.order.length);
  }

  /** The elements still under the root that pass `test`, in document order: find-elements.ts's `elementsWhere`. */
  where(test: ((element: Element) => boolean) | SelectorTest): Element[] {
    const found: Element[] = [];
    if (!this.couldMatch(test)) return found;
    const { order, ends, gone, templated } = this;
    for (let index = 0; index < order.length; index += 1) {
      if (gone[index]) index = ends[index] - 1;
      else if (!templated[index] && test(order[index])) found.push(order[index]);
    }
    return found;
  }

  /** The elements still under the root whose tag name is one of `names`: find-elements.ts's `elementsNamed`. */
  named(names: ReadonlySet<string>): Element[] {
    const found: Element[] = [];
    const { order, ends, gone, templated, tags } = this;
    for (let index = 0; index < order.length; index += 1) {
      if (gone[index]) index = ends[index] - 1;
      else if (!templated[index] && names.has(tags[index])) found.push(order[index]);
    }
    return found;
  }

  /**
   * The elements that `doomed` picks, asked from the top and never inside a picked one (a template's content
   * included, as a walk through children goes): prose-blocks.ts's `removeOutermost`, which removes them.
   */
  outermost(doomed: ((element: Element) => boolean) | SelectorTest): Element[] {
    const picked: Element[] = [];
    if (!this.couldMatch(doomed)) return picked;
    const { order, ends, gone } = this;
    for (let index = 0; index < order.length; index += 1) {
      if (gone[index]) index = ends[index] - 1;
      else if (doomed(order[index])) {
        picked.push(order[index]);
        index = ends[index] - 1;
      }
    }
    return picked;
  }

  /** Removes what `outermost` picks. */
  removeOutermost(doomed: (element: Element) => boolean): void {
    for (const element of this.outermost(doomed)) this.remove(element);
  }

  /**
   * whitespace.ts's `collapsedText` of an element, read once: the short lines of a post (a label, a count, a date)
   * are read by pass after pass (member stats, vote tallies, reading times, advertisement labels, ...), and reading
   * an element's text is a walk of its subtree. A removal through `remove` forgets the text of every element it
   * changes, its ancestors; nothing else changes text while the passes run (they remove only through `remove`).
   */
  text(element: Element): string {
    let text = this.texts.get(element);
    if (text === undefined) {
      text = collapsedText(element);
      this.texts.set(element, text);
    }
    return text;
  }

  /** Removes the element from the document, and its subtree from what the later passes see. */
  remove(element: Element): void {
    if (this.texts.size > 0) for (let node = element.parentElement; node; node = node.parentElement) this.texts.delete(node);
    element.remove();
    const index = this.positions.get(element);
    if (index !== undefined) this.gone.fill(1, index, this.ends[index]);
  }

  /**
   * False when `test` is a selector list whose attribute (a class, an `itemprop`) no element of the content holds as
   * it asks (selector-test.ts): most passes look for a theme's classes (XenForo's author titles, Elementor's post
   * grids) or a schema's properties that most pages lack, and one look at every value, read once for them all,
   * spares each of them a walk of the content. The values read at the first asking hold every one still there: the
   * passes remove elements, and change no attribute.
   */
  private couldMatch(test: ((element: Element) => boolean) | SelectorTest): boolean {
    const required = 'required' in test ? test.required : null;
    if (!required) return true;
    let values = this.attributeValues.get(required.name);
    if (values === undefined) {
      values = this.order.map((element) => element.getAttribute(required.name) ?? '').join('\n');
      this.attributeValues.set(required.name, values);
    }
    return required.values.test(values);
  }

  /**
   * The root's subtree `page.order(index, end)` less what left the document: each element's end is counted again
   * among those kept. Inside a subtree that `subtree` answers for, the page's `templated` is this walk's.
   */
  private copy(page: PageElements, index: number, end: number): void {
    // How many elements are kept before each place of the subtree (its end included).
    const keptBefore = new Int32Array(end - index + 1);
    const kept: number[] = [];
    for (let inner = index + 1; inner < end; inner += 1) {
      if (page.isGone(inner)) {
        keptBefore.fill(kept.length, inner - index, page.ends[inner] - index);
        inner = page.ends[inner] - 1;
        continue;
      }
      keptBefore[inner - index] = kept.length;
      kept.push(inner);
      this.positions.set(page.order[inner], this.order.length);
      this.order.push(page.order[inner]);
      this.tags.push(page.tags[inner]);
      this.templated.push(page.templated[inner]);
    }
    keptBefore[end - index] = kept.length;
    for (const inner of kept) this.ends.push(keptBefore[page.ends[inner] - index]);
  }

  private collect(parent: Element, templated: boolean): void {
    const inside = templated || parent.localName === 'template';
    for (let child = parent.firstElementChild; child; child = child.nextElementSibling) {
      const index = this.order.length;
      this.order.push(child);
      this.tags.push(tagOf(child));
      this.templated.push(inside);
      this.ends.push(0);
      this.positions.set(child, index);
      this.collect(child, inside);
      this.ends[index] = this.order.length;
    }
  }
}
