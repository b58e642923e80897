import type { ClassConstructor } from 'class-transformer';
import type { FieldErrors } from '../../../common/errors/app-error.js';
import type { NavigationResult, PageSession } from '../../../infra/browser/page-options.js';
import type { ExtractedValue } from '../recipe.types.js';

/** What a block sees of the running recipe. */
export interface BlockContext {
  readonly session: PageSession;
  readonly maxPages: number;
  /** Pages read so far, the start page included. */
  readonly pagesRead: number;
  /** Milliseconds left before the recipe's deadline; throws navigation_timeout when none are left. */
  remainingMs(): number;
  /** Records the start navigation and reads the first page. */
  begin(navigation: NavigationResult): Promise<void>;
  /** Marks the page the browser is on as read; false when the same URL and content were read before. */
  arrive(): Promise<boolean>;
  /** Characters the recipe may still extract before it fails with page_too_large. */
  readonly bytesLeft: number;
  /** Appends values read on the current page under an extract name. */
  record(name: string, values: readonly ExtractedValue[]): void;
}

/** After a block the recipe goes on to the next block, or back to the block whose id is `repeatFrom`. */
export type BlockOutcome = { readonly repeatFrom: string } | void;

/** One block type: how its `details` are validated and what it does. Register it in block-registry.ts. */
export interface BlockRunner<D extends object = object> {
  readonly type: string;
  /** The DTO class that validates this type's `details`. */
  readonly details: ClassConstructor<D>;
  /** Rules that look at the rest of the recipe (`ids`: every block id); keys are paths under `details`. */
  check?(details: D, ids: ReadonlySet<string>): FieldErrors;
  /** Extract names this block adds to the result. */
  outputs?(details: D): string[];
  run(context: BlockContext, details: D): Promise<BlockOutcome>;
}
