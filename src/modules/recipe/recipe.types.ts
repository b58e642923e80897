import type { PageRequest } from '../jobs/dto/page-request.js';

/** One value read from one element: a DOM property's value, or an attribute's text, or null. */
export type ExtractedValue = string | number | boolean | null;

/** A validated block; `details` has passed its block type's DTO (see blocks/). */
export interface RecipeBlock {
  readonly type: string;
  readonly id: string | null;
  /** An action that fails (action_failed) is skipped instead of failing the job (decisions.md 8.3). */
  readonly optional?: boolean;
  readonly details: Readonly<Record<string, unknown>>;
}

/** A validated recipe body of POST /crawl, plain data (stored as JSON in the job row). */
export interface Recipe {
  readonly name: string | null;
  readonly expectedOutput: string | null;
  readonly blocks: readonly RecipeBlock[];
}

/** The lists action blocks append to, by name (`screenshots`, `contents`, `evaluations`), each only once such a block ran. */
export type ActionOutputs = Readonly<Record<string, readonly unknown[]>>;

/** What the action blocks of decisions.md 8.3 add to `data`. */
export interface ActionLists {
  readonly screenshots?: readonly string[];
  readonly contents?: readonly { url: string; format: string; content: string }[];
  readonly evaluations?: readonly unknown[];
}

/** `data` of a recipe answer (decisions.md section 2, "Recipe result", and 8.3). */
export type RecipeResult = (
  | { readonly items: Record<string, ExtractedValue>[]; readonly pages: number }
  | { readonly fields: Record<string, ExtractedValue[]>; readonly pages: number }
) & ActionLists;

/** What POST /crawl's job carries: the page and route settings from the query, and the recipe from the body. */
export interface RecipeOptions {
  readonly request: PageRequest;
  readonly recipe: Recipe;
}
