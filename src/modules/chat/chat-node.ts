/** One citation: the pill's text and its link (decisions.md section 2). */
export interface ChatSource {
  readonly attribution: string;
  readonly url: string;
}

export interface ParagraphNode {
  readonly type: 'paragraph';
  readonly text: string;
  readonly sources: ChatSource[];
}

export interface HeadingNode {
  readonly type: 'heading';
  readonly level: number;
  readonly text: string;
}

/**
 * List items carry only `text` (the spec's shape): citation pills inside an item are taken out of its text and
 * not kept, and a nested list's items follow their parent item in the same list.
 */
export interface ListItem {
  readonly text: string;
}

export interface BulletListNode {
  readonly type: 'bullet_list';
  readonly items: ListItem[];
}

export interface OrderedListNode {
  readonly type: 'ordered_list';
  readonly items: ListItem[];
}

export interface TableNode {
  readonly type: 'table';
  readonly headers: string[];
  readonly rows: string[][];
  readonly sources: ChatSource[];
}

/** Optional fields are absent (not null) when the card does not show them; `rating` is the card's text, e.g. "4.6". */
export interface ProductItem {
  readonly name: string;
  readonly price?: string;
  readonly url?: string;
  readonly image?: string;
  readonly rating?: string;
  readonly sources: ChatSource[];
}

export interface ProductListNode {
  readonly type: 'product_list';
  readonly items: ProductItem[];
}

export interface CodeNode {
  readonly type: 'code';
  readonly language: string;
  readonly text: string;
}

export type ChatNode =
  | ParagraphNode
  | HeadingNode
  | BulletListNode
  | OrderedListNode
  | TableNode
  | ProductListNode
  | CodeNode;
