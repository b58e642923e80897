import type { PdfLine } from './pdf-lines.js';
import { weightedMode } from './pdf-lines.js';
import { pushAll } from '../large-arrays.js';

/** The layout read from a PDF's text: what the 8.1 renderer turns into Markdown, text and HTML. */
export type PdfBlock =
  | { readonly kind: 'heading'; readonly level: number; readonly text: string }
  | { readonly kind: 'paragraph'; readonly text: string }
  | { readonly kind: 'list'; readonly ordered: boolean; readonly items: readonly ListItem[] }
  | { readonly kind: 'page-break' };

/** A list item's text, and its own number in a numbered list (the document's, kept as written). */
export interface ListItem {
  readonly text: string;
  readonly number?: number;
}

/** A line set this much larger than the body is a heading. */
const HEADING_RATIO = 1.15;
/** A gap between baselines this much wider than the page's usual one ends a paragraph. */
const PARAGRAPH_GAP_RATIO = 1.15;
/** A page with fewer characters than this takes the document's body size (a title page, a short last page). */
const MIN_PAGE_CHARS = 300;
const HEADING_MAX_CHARS = 200;
const BULLET = /^[•◦▪▫‣∙·●○■□►▸–—*-]\s+(?=\S)/u;
const NUMBERED = /^\d{1,3}[.)]\s+(?=\S)/;

/**
 * decisions.md 9.5: the blocks of a document's pages, in order, a page break between two pages. Headings are lines set
 * larger than the page's body size, their level ranked by size over the whole document; paragraphs end where the
 * gap between lines widens; lists are runs of lines starting with a bullet or a number.
 */
export function documentBlocks(pages: ReadonlyArray<readonly PdfLine[]>): PdfBlock[] {
  const documentBody = bodySize(pages.flat());
  const levels = headingLevels(pages, documentBody);
  const blocks: PdfBlock[] = [];
  pages.forEach((lines, index) => {
    if (index > 0) blocks.push({ kind: 'page-break' });
    const chars = lines.reduce((sum, line) => sum + line.text.length, 0);
    const body = chars >= MIN_PAGE_CHARS ? bodySize(lines) : documentBody;
    pushAll(blocks, new PageReader(lines, body, levels).blocks());
  });
  return blocks;
}

/** The size most of the text is set in. */
function bodySize(lines: readonly PdfLine[]): number {
  return weightedMode(lines.map((line) => ({ size: line.size, weight: line.text.length })));
}

function isHeading(line: PdfLine, body: number): boolean {
  return line.size >= body * HEADING_RATIO && line.text.length <= HEADING_MAX_CHARS && /\p{L}/u.test(line.text);
}

/** Heading sizes of the document, largest first: the largest is h1, the next h2, down to h6. */
function headingLevels(pages: ReadonlyArray<readonly PdfLine[]>, body: number): Map<number, number> {
  const sizes = new Set<number>();
  for (const line of pages.flat()) if (isHeading(line, body)) sizes.add(rounded(line.size));
  const ranked = [...sizes].sort((a, b) => b - a);
  return new Map(ranked.map((size, index) => [size, Math.min(6, index + 1)]));
}

function rounded(size: number): number {
  return Math.round(size * 2) / 2;
}

/** One page's lines into blocks, top to bottom as the content lists them. */
class PageReader {
  private readonly out: PdfBlock[] = [];
  private paragraph: string[] = [];
  private list: { ordered: boolean; items: ListItem[]; textX: number } | null = null;
  private previous: PdfLine | null = null;
  private readonly lineGap: number;

  constructor(
    private readonly lines: readonly PdfLine[],
    private readonly body: number,
    private readonly levels: Map<number, number>,
  ) {
    this.lineGap = usualGap(lines, body);
  }

  blocks(): PdfBlock[] {
    for (const line of this.lines) {
      this.read(line);
      this.previous = line;
    }
    this.flush();
    return this.out;
  }

  private read(line: PdfLine): void {
    const heading = isHeading(line, this.body) ? this.levels.get(rounded(line.size)) ?? 6 : null;
    if (heading !== null) return this.heading(line, heading);
    const marker = BULLET.exec(line.text) ?? NUMBERED.exec(line.text);
    if (marker) return this.listItem(line, marker[0], NUMBERED.test(line.text));
    const apart = this.apart(line);
    if (this.list && !apart && line.x >= this.list.textX - 0.5 * line.size) return this.continueItem(line.text);
    if (apart || this.list) this.flush();
    this.paragraph.push(line.text);
  }

  /** A heading set over two lines (same size, close together) stays one heading. */
  private heading(line: PdfLine, level: number): void {
    const last = this.out[this.out.length - 1];
    const continued = last?.kind === 'heading' && last.level === level && this.previous !== null && this.paragraph.length === 0 && !this.list && !this.apart(line, 2);
    if (continued) {
      this.out[this.out.length - 1] = { kind: 'heading', level, text: join(last.text, line.text) };
      return;
    }
    this.flush();
    this.out.push({ kind: 'heading', level, text: line.text });
  }

  private listItem(line: PdfLine, marker: string, ordered: boolean): void {
    const text = line.text.slice(marker.length);
    const sameList = this.list !== null && this.list.ordered === ordered && !this.apart(line, 2.5);
    if (!sameList) this.flush();
    this.list ??= { ordered, items: [], textX: line.x + (line.size * marker.length) / 2 };
    this.list.items.push(ordered ? { text, number: Number.parseInt(marker, 10) } : { text });
  }

  private continueItem(text: string): void {
    const items = this.list!.items;
    const last = items[items.length - 1];
    items[items.length - 1] = { ...last, text: join(last.text, text) };
  }

  /** Whether the line is set apart from the previous one: a wider gap, a move up (a new column), another size. */
  private apart(line: PdfLine, ratio = PARAGRAPH_GAP_RATIO): boolean {
    const previous = this.previous;
    if (!previous) return true;
    const gap = previous.y - line.y;
    const resized = Math.abs(line.size - previous.size) > 0.1 * Math.max(line.size, previous.size);
    return gap <= 0 || gap > this.lineGap * ratio || resized;
  }

  private flush(): void {
    if (this.paragraph.length > 0) this.out.push({ kind: 'paragraph', text: this.paragraph.reduce(join) });
    if (this.list) this.out.push({ kind: 'list', ordered: this.list.ordered, items: this.list.items });
    this.paragraph = [];
    this.list = null;
  }
}

/** The page's usual distance between two body lines: the smallest common one (the median of the lower half). */
function usualGap(lines: readonly PdfLine[], body: number): number {
  const gaps: number[] = [];
  for (let i = 1; i < lines.length; i += 1) {
    const gap = lines[i - 1].y - lines[i].y;
    if (gap > 0.5 * body && gap < 3 * body && Math.abs(lines[i].size - body) < 0.1 * body) gaps.push(gap);
  }
  if (gaps.length === 0) return body * 1.2;
  gaps.sort((a, b) => a - b);
  return gaps[Math.floor((gaps.length - 1) / 4)];
}

/** Two wrapped lines as one: a hyphen at the end of the first joins without a space. */
function join(first: string, second: string): string {
  return /[-‐]$/.test(first) ? first + second : `${first} ${second}`;
}
