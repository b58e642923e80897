import type { ActionLists, ActionOutputs, ExtractedValue, RecipeResult } from './recipe.types.js';

/** The values one page gave: extract name -> values in document order. */
export type PageValues = ReadonlyMap<string, readonly ExtractedValue[]>;

/** One page's extracts zipped by index into rows; a name with fewer values gives null. */
function zipPage(names: readonly string[], page: PageValues): Record<string, ExtractedValue>[] {
  const rows = Math.max(0, ...names.map((name) => page.get(name)?.length ?? 0));
  return Array.from({ length: rows }, (_, row) => Object.fromEntries(names.map((name) => [name, page.get(name)?.[row] ?? null])));
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
