import type { PageRequest } from '../jobs/dto/page-request.js';

/** One value read from one element: a DOM property's value, or an attribute's text, or null. */
export type ExtractedValue = string | number | boolean | null;

/** A validated block; `details` has passed its block type's DTO (see blocks/). */
export interface RecipeBlock {
  readonly type: string;
  readonly id: string | null;
  readonly details: Readonly<Record<string, unknown>>;
}

/** A validated recipe body of POST /crawl, plain data (stored as JSON in the job row). */
export interface Recipe {
  readonly name: string | null;
  readonly expectedOutput: string | null;
  readonly blocks: readonly RecipeBlock[];
}

/** `data` of a recipe answer (decisions.md section 2, "Recipe result"). */
export type RecipeResult =
  | { readonly items: Record<string, ExtractedValue>[]; readonly pages: number }
  | { readonly fields: Record<string, ExtractedValue[]>; readonly pages: number };

/** What POST /crawl's job carries: the page and route settings from the query, and the recipe from the body. */
export interface RecipeOptions {
  readonly request: PageRequest;
  readonly recipe: Recipe;
}
