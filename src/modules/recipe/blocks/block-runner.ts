import { outputBytes } from '../../../common/size/output-bytes.js';
import type { ClassConstructor } from 'class-transformer';
import type { FieldErrors } from '../../../common/errors/app-error.js';
import type { NavigationResult, PageSession } from '../../../infra/browser/page-options.js';
import type { ReadPage } from '../../jobs/page-result.js';
import type { ExtractedValue, RecipeBlock } from '../recipe.types.js';

/** SCREENSHOT_MAX_HEIGHT and SCREENSHOT_QUALITY. */
export interface ScreenshotSettings {
  readonly maxHeight: number;
  readonly quality: number;
}

/** What a block sees of the running recipe. */
export interface BlockContext {
  readonly session: PageSession;
  readonly maxPages: number;
  /** Pages read so far, the start page included. */
  readonly pagesRead: number;
  readonly screenshot: ScreenshotSettings;
  /** Throws navigation_timeout when the job's time is up; else answers the milliseconds left, to bound a wait. */
  assertTimeLeft(): number;
  /** The job's signal, aborted at its deadline: content tasks stop on it. */
  readonly signal: AbortSignal;
  /** Records the start navigation and reads the first page. */
  begin(navigation: NavigationResult): Promise<void>;
  /** The start page read as a document (decisions.md 9.5) while the recipe is still on it; null on a web page. */
  documentPage(): Promise<ReadPage> | null;
  /** Marks the page the browser is on as read; false when the same URL and content were read before. */
  arrive(): Promise<boolean>;
  /** Bytes (as outputBytes counts) the recipe may still return before it fails with page_too_large. */
  readonly bytesLeft: number;
  /** Appends values read on the current page under an extract name. */
  record(name: string, values: readonly ExtractedValue[]): void;
  /** Appends a value to the `data` list `list` (`screenshots`, `contents`, `evaluations`), counted as outputBytes. */
  append(list: string, value: unknown): void;
}

/** What each recorded value costs beyond its own bytes: a row's `"name":` and its comma (list rows repeat the name). */
export function recordedNameBytes(name: string): number {
  return outputBytes(name) + 2;
}

/** After a block the recipe goes on to the next block, or back to the block whose id is `repeatFrom`. */
export type BlockOutcome = { readonly repeatFrom: string } | void;

/** What a block's checks see of the rest of the recipe. */
export interface RecipeScope {
  /** Every block id of the recipe. */
  readonly ids: ReadonlySet<string>;
  /** The valid blocks before this one. */
  readonly earlier: readonly RecipeBlock[];
}

/** One block type: how its `details` are validated and what it does. Register it in block-registry.ts. */
export interface BlockRunner<D extends object = object> {
  readonly type: string;
  /** The DTO class that validates this type's `details`. */
  readonly details: ClassConstructor<D>;
  /** The `data` list the block appends to (`screenshots`, ...): present in `data` once such a block ran. */
  readonly list?: string;
  /** The block runs the caller's script: refused (422 on `js`) when the recipe runs with js=false. */
  readonly needsScripts?: boolean;
  /** Rules that look at the rest of the recipe; keys are paths under `details`. */
  check?(details: D, scope: RecipeScope): FieldErrors;
  /** Extract names this block adds to the result. */
  outputs?(details: D): string[];
  run(context: BlockContext, details: D): Promise<BlockOutcome>;
}
