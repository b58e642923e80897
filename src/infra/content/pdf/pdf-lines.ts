/** One run of text as PDF.js's getTextContent gives it, reduced to what the layout needs. */
export interface PdfTextRun {
  readonly text: string;
  /** Baseline origin and font size in page units (from the run's transform). */
  readonly x: number;
  readonly y: number;
  readonly size: number;
  readonly width: number;
}

/** A line of a page: its runs joined, where it starts, its baseline and its main font size. */
export interface PdfLine {
  readonly text: string;
  readonly x: number;
  readonly y: number;
  readonly size: number;
}

/** What getTextContent's items look like (marked-content items have no `str`). */
export interface TextContentItem {
  readonly str?: string;
  readonly transform?: readonly number[];
  readonly width?: number;
}

/** The runs of a page's text content, in content order; marked content and rotated-away empty runs dropped. */
export function textRuns(items: readonly TextContentItem[]): PdfTextRun[] {
  const runs: PdfTextRun[] = [];
  for (const item of items) {
    if (typeof item.str !== 'string' || item.str === '' || !item.transform) continue;
    const [a, b, c, d, e, f] = item.transform;
    const size = Math.hypot(c, d) || Math.hypot(a, b);
    if (!(size > 0)) continue;
    runs.push({ text: item.str, x: e, y: f, size, width: item.width ?? 0 });
  }
  return runs;
}

/** Runs on one baseline (a superscript's small shift included) make a line; a jump of the baseline starts the next. */
export function pageLines(runs: readonly PdfTextRun[]): PdfLine[] {
  const lines: PdfLine[] = [];
  let current: PdfTextRun[] = [];
  for (const run of runs) {
    const last = current[current.length - 1];
    if (last && !sameLine(last, run)) {
      pushLine(lines, current);
      current = [];
    }
    current.push(run);
  }
  pushLine(lines, current);
  return lines;
}

function sameLine(previous: PdfTextRun, next: PdfTextRun): boolean {
  const tolerance = 0.5 * Math.min(previous.size, next.size);
  // A run that starts well left of where the previous one ended, on the same baseline, is another column's line.
  const wrapped = next.x < previous.x - 2 * previous.size;
  return Math.abs(previous.y - next.y) <= tolerance && !wrapped;
}

function pushLine(lines: PdfLine[], runs: readonly PdfTextRun[]): void {
  const text = joinRuns(runs).replace(/\s+/g, ' ').trim();
  if (text === '') return;
  const first = runs.find((run) => run.text.trim() !== '') ?? runs[0];
  lines.push({ text, x: first.x, y: first.y, size: mainSize(runs) });
}

/** Runs joined; a space where the gap between two runs is wider than a tenth of the font and none is written. */
function joinRuns(runs: readonly PdfTextRun[]): string {
  let text = '';
  let end: number | null = null;
  for (const run of runs) {
    const gap = end === null ? 0 : run.x - end;
    if (end !== null && gap > 0.1 * run.size && !/\s$/.test(text) && !/^\s/.test(run.text)) text += ' ';
    text += run.text;
    end = run.x + run.width;
  }
  return text;
}

/** The size most of a line's characters are set in. */
function mainSize(runs: readonly PdfTextRun[]): number {
  return weightedMode(runs.map((run) => ({ size: run.size, weight: run.text.trim().length })));
}

/** The value carrying the largest weight, sizes rounded to a tenth of a point. */
export function weightedMode(values: ReadonlyArray<{ readonly size: number; readonly weight: number }>): number {
  const weights = new Map<number, number>();
  for (const { size, weight } of values) {
    const key = Math.round(size * 10) / 10;
    weights.set(key, (weights.get(key) ?? 0) + weight);
  }
  let best = 0;
  let bestWeight = -1;
  for (const [size, weight] of weights) if (weight > bestWeight) [best, bestWeight] = [size, weight];
  return best;
}
