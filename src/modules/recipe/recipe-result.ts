import { maxOf } from '../../infra/content/large-arrays.js';
import { recordedNameBytes } from './blocks/block-runner.js';
import type { ActionLists, ActionOutputs, ExtractedValue, RecipeResult } from './recipe.types.js';

/** The values one page gave: extract name -> values in document order. */
export type PageValues = ReadonlyMap<string, readonly ExtractedValue[]>;

/** How many `list` rows a page gives: its longest list of values. */
function rowsOf(names: readonly string[], page: PageValues): number {
  return maxOf(names.map((name) => page.get(name)?.length ?? 0));
}

/** One page's extracts zipped by index into rows; a name with fewer values gives null. */
function zipPage(names: readonly string[], page: PageValues): Record<string, ExtractedValue>[] {
  const rows = rowsOf(names, page);
  return Array.from({ length: rows }, (_, row) => Object.fromEntries(names.map((name) => [name, page.get(name)?.[row] ?? null])));
}

/**
 * The bytes the null cells of `list` rows add to `items` as stored (`"name":null` and its comma, each), which the
 * values' own count leaves out: measured from the counts alone, before a row exists, so that a recipe whose rows are
 * mostly padding (many names, one long list) is refused before it is built.
 */
export function listPaddingBytes(names: readonly string[], pages: readonly PageValues[]): number {
  let bytes = 0;
  for (const page of pages) {
    const rows = rowsOf(names, page);
    for (const name of names) bytes += (rows - (page.get(name)?.length ?? 0)) * (recordedNameBytes(name) + 'null,'.length);
  }
  return bytes;
}

/**
 * `data` of decisions.md section 2: `list` rows page after page, otherwise every name's values across pages; then the
 * lists of the action blocks that ran (8.3), none when none ran.
 */
export function buildResult(names: readonly string[], pages: readonly PageValues[], expectedOutput: string | null, outputs: ActionOutputs = {}): RecipeResult {
  const lists = outputs as ActionLists;
  if (expectedOutput === 'list') return { items: pages.flatMap((page) => zipPage(names, page)), pages: pages.length, ...lists };
  const fields = Object.fromEntries(names.map((name) => [name, pages.flatMap((page) => page.get(name) ?? [])]));
  return { fields, pages: pages.length, ...lists };
}
