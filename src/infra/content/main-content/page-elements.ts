import { lowerCased } from '../find-elements.js';

/**
 * The page's elements (the body and every element under it, a template's content included) in one flat list, in
 * document order, each with what the select step asks of every element read once: its tag, and its class, id and role
 * unless it has no attributes. Built in measureText's walk (text-stats.ts), which visits every node anyway; the clean
 * step's survey and walk, its `main` landmark and the content root's marks then step through these arrays instead of
 * walking the tree through linkedom's getters (each `firstElementChild`, `getAttribute` a walk of a linked list).
 *
 * What a pass removes from the document is marked `gone` here (`drop`), its subtree with it: the readers skip it, so
 * the list answers what a fresh walk would. Nothing else may change the tree while it is in use; attributes may
 * change (the clean step reveals hidden wrappers), except the class, id and role kept here.
 */
export class PageElements {
  /** The elements: index 0 is the root. */
  readonly order: Element[] = [];
  /** Each one's `localName`, as linkedom answers it... */
  readonly names: string[] = [];
  /** ...and lower-cased, as the selector engine compares it (find-elements.ts's `tagOf`). */
  readonly tags: string[] = [];
  /** The index after each one's last descendant: its subtree is `order[index, ends[index])`. */
  readonly ends: number[] = [];
  /** Whether each one lies inside a template's content, which the selector engine's queries do not search. */
  readonly templated: boolean[] = [];
  /** Whether each one had no attributes when the list was built (most `p`, `li`, `span`): no class, id or role. */
  readonly bare: boolean[] = [];
  /** Each one's class and id text, `${class} ${id}` (a space for a bare one): the clean step's words. */
  readonly words: string[] = [];
  /** Each one's `role` attribute. */
  readonly roles: (string | null)[] = [];
  /** Whether each one has left the document (`drop`). */
  private gone = new Uint8Array(0);
  private positions: Map<Element, number> | null = null;

  /** The list of `root`'s elements by a walk of its own, for a caller that did not measure the page with one. */
  static of(root: Element): PageElements {
    const elements = new PageElements();
    const walk = (element: Element, templated: boolean): void => {
      const index = elements.add(element, templated);
      const inside = templated || element.localName === 'template';
      for (let child = element.firstElementChild; child; child = child.nextElementSibling) walk(child, inside);
      elements.close(index);
    };
    walk(root, false);
    return elements;
  }

  /** Appends an element (its descendants follow it, then `close`); answers its index. */
  add(element: Element, templated: boolean): number {
    const index = this.order.length;
    const bare = !element.hasAttributes();
    const name = element.localName;
    this.order.push(element);
    this.names.push(name);
    // find-elements.ts's `tagOf`, of the name read once.
    this.tags.push(lowerCased(name));
    this.ends.push(0);
    this.templated.push(templated);
    this.bare.push(bare);
    this.words.push(bare ? ' ' : `${element.getAttribute('class') ?? ''} ${element.getAttribute('id') ?? ''}`);
    this.roles.push(bare ? null : element.getAttribute('role'));
    return index;
  }

  /** Ends the subtree of the element at `index`: everything added since lies under it. */
  close(index: number): void {
    this.ends[index] = this.order.length;
  }

  /** Whether the element at `index` (and so its subtree) has left the document. */
  isGone(index: number): boolean {
    return this.gone.length > 0 && this.gone[index] === 1;
  }

  /** Marks the element at `index` and its subtree as removed from the document. */
  dropAt(index: number): void {
    if (this.gone.length === 0) this.gone = new Uint8Array(this.order.length);
    this.gone.fill(1, index, this.ends[index]);
  }

  /** Marks a removed element and its subtree. */
  drop(element: Element): void {
    const index = this.indexOf(element);
    if (index >= 0) this.dropAt(index);
  }

  /** An element's place in the list, -1 when unlisted: a map made once, at the first look (a page drops thousands). */
  private indexOf(element: Element): number {
    this.positions ??= new Map(this.order.map((listed, index) => [listed, index]));
    return this.positions.get(element) ?? -1;
  }

  /**
   * The elements under the root (not the root) still in the document that pass `test`, in document order, not
   * searching a template's content: find-elements.ts's `elementsWhere` of the root.
   */
  where(test: (index: number) => boolean): Element[] {
    const found: Element[] = [];
    for (let index = 1; index < this.order.length; index += 1) {
      if (this.isGone(index)) index = this.ends[index] - 1;
      else if (!this.templated[index] && test(index)) found.push(this.order[index]);
    }
    return found;
  }

  /**
   * Whether the element at `index` holds an element of tag `tag` (lower-cased) still in the document: its
   * `querySelector(tag) !== null`, which does not search the content of a template under it either. A look through
   * these arrays rather than the selector engine's walk of the subtree (and its compiling of the selector, each call).
   */
  holds(index: number, tag: string): boolean {
    const { ends, tags, names } = this;
    for (let inner = index + 1; inner < ends[index]; inner += 1) {
      if (this.isGone(inner)) inner = ends[inner] - 1;
      else if (tags[inner] === tag) return true;
      else if (names[inner] === 'template') inner = ends[inner] - 1;
    }
    return false;
  }

  /**
   * Where `element`'s subtree lies in the list, when the list answers for it: listed, still in the document, and
   * neither a template nor inside a template's content (what lies under it is `templated` here as a walk from it
   * would call it: what lies inside a template under it). Null otherwise.
   */
  subtree(element: Element): { index: number; end: number } | null {
    const index = element === this.order[0] ? 0 : this.indexOf(element);
    if (index < 0 || this.isGone(index) || this.templated[index] || this.names[index] === 'template') return null;
    return { index, end: this.ends[index] };
  }

  /**
   * The elements under `element` still in the document whose tag name is one of `names`, not searching a template's
   * content: find-elements.ts's `elementsNamed(element, names)`; null when the list does not answer for it (`subtree`).
   */
  namedUnder(element: Element, names: ReadonlySet<string>): Element[] | null {
    const at = this.subtree(element);
    if (!at) return null;
    const found: Element[] = [];
    const { order, ends, tags } = this;
    for (let index = at.index + 1; index < at.end; index += 1) {
      if (this.isGone(index)) index = ends[index] - 1;
      else if (!this.templated[index] && names.has(tags[index])) found.push(order[index]);
    }
    return found;
  }

  /** The first element that `where` would answer: find-elements.ts's `firstElementWhere` of the root. */
  first(test: (index: number) => boolean): Element | null {
    for (let index = 1; index < this.order.length; index += 1) {
      if (this.isGone(index)) index = this.ends[index] - 1;
      else if (!this.templated[index] && test(index)) return this.order[index];
    }
    return null;
  }
}
