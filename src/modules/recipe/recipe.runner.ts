import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { deadlineSignal, raceSignal } from '../../common/time/deadline.js';
import type { BrowserPage, NavigationResult, PageSession } from '../../infra/browser/page-options.js';
import { renderedTextFingerprint } from '../../infra/browser/page-fingerprint.js';
import type { BlockContext, BlockOutcome, ScreenshotSettings } from './blocks/block-runner.js';
import { readDocumentPage } from '../jobs/page-document.js';
import type { ReadPage } from '../jobs/page-result.js';
import { pageTooLarge } from '../jobs/page-size.js';
import { blockRunner } from './blocks/block-registry.js';
import { recordedNameBytes } from './blocks/block-runner.js';
import { outputBytes } from '../../common/size/output-bytes.js';
import { buildResult, listPaddingBytes } from './recipe-result.js';
import type { ExtractedValue, Recipe, RecipeBlock, RecipeResult } from './recipe.types.js';

export interface RecipeLimits {
  /** Pages to read at most, the start page included (RECIPE_MAX_PAGES). */
  readonly maxPages: number;
  /** Epoch milliseconds by which the whole recipe has finished. */
  readonly deadline: number;
  /** The job's signal, aborted at `deadline`: the recipe ends on it (a signal of its own at `deadline` when absent). */
  readonly signal?: AbortSignal;
  /** Bytes of `data` at most, as outputBytes counts (MAX_PAGE_BYTES); unbounded when absent. */
  readonly maxBytes?: number;
  /** SCREENSHOT_MAX_HEIGHT and SCREENSHOT_QUALITY, for screenshot blocks. */
  readonly screenshot: ScreenshotSettings;
  /** PDF_MAX_PAGES, for a start page that is a document (decisions.md 9.5). */
  readonly pdfMaxPages: number;
}

export interface RecipeRun {
  readonly result: RecipeResult;
  /** The start block's navigation: the target's status and final URL. */
  readonly navigation: NavigationResult;
  /** The start page read as a document when it was a PDF and the recipe ended on it (read once with the content blocks'), else null. */
  documentPage(): Promise<ReadPage> | null;
}

function timeout(): AppError {
  return new AppError(ErrorCode.NavigationTimeout, 'The recipe did not finish within the job time limit.');
}

/**
 * URL plus a hash of the rendered text: per-request nonces and tokens in the markup do not make a page new. Hashed in
 * the page's isolated world: the page can neither redefine the text nor send it over the pipe (issue 36.5).
 */
async function pageKey(page: BrowserPage): Promise<string> {
  return `${page.url()} ${await renderedTextFingerprint(page)}`;
}

class RecipeProgress implements BlockContext {
  readonly pages: Map<string, ExtractedValue[]>[] = [];
  /** The action blocks' lists, in the order their first block ran. */
  readonly outputs: Record<string, unknown[]> = {};
  navigation: NavigationResult | null = null;
  private readonly seen = new Set<string>();
  private recorded = 0;
  /** The start page's document once read: each content block on it reads it from here. */
  private documentRead: Promise<ReadPage> | null = null;
  readonly signal: AbortSignal;

  constructor(
    readonly session: PageSession,
    private readonly limits: RecipeLimits,
  ) {
    this.signal = limits.signal ?? deadlineSignal(limits.deadline);
  }

  get maxPages(): number {
    return this.limits.maxPages;
  }

  get pagesRead(): number {
    return this.pages.length;
  }

  get screenshot(): ScreenshotSettings {
    return this.limits.screenshot;
  }

  assertTimeLeft(): number {
    const left = this.limits.deadline - Date.now();
    if (left <= 0 || this.signal.aborted) throw timeout();
    return left;
  }

  async begin(navigation: NavigationResult): Promise<void> {
    this.navigation = navigation;
    await this.arrive();
  }

  /** The start page read as a document when it was a PDF and the tab still shows its stand-in, else null. */
  documentPage(): Promise<ReadPage> | null {
    const navigation = this.navigation;
    if (!navigation?.document || this.pages.length !== 1 || this.session.page.url() !== navigation.finalUrl) return null;
    const fetched = { bytes: navigation.document, targetStatus: navigation.status, finalUrl: navigation.finalUrl };
    const limits = { deadline: this.limits.deadline, maxBytes: this.bytesLeft, signal: this.signal };
    this.documentRead ??= readDocumentPage(fetched, this.limits.pdfMaxPages, limits);
    return this.documentRead;
  }

  async arrive(): Promise<boolean> {
    const key = await pageKey(this.session.page);
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    this.pages.push(new Map());
    return true;
  }

  /** What the recorded values count toward the bound so far. */
  get recordedBytes(): number {
    return this.recorded;
  }

  get bytesLeft(): number {
    return (this.limits.maxBytes ?? Number.MAX_SAFE_INTEGER) - this.recorded;
  }

  record(name: string, values: readonly ExtractedValue[]): void {
    const perValue = recordedNameBytes(name);
    this.count(values.reduce<number>((sum, value) => sum + outputBytes(value) + perValue, 0));
    const page = this.pages[this.pages.length - 1];
    page.set(name, [...(page.get(name) ?? []), ...values]);
  }

  /** A block of this list ran: the list is in `data` from now on, even if the block was optional and gave nothing. */
  open(list: string): void {
    this.outputs[list] ??= [];
  }

  append(list: string, value: unknown): void {
    this.count(outputBytes(value) + 1);
    this.open(list);
    this.outputs[list].push(value);
  }

  private count(size: number): void {
    this.recorded += size;
    if (this.bytesLeft < 0) throw pageTooLarge(this.limits.maxBytes);
  }
}

/** Runs one block; an optional block's action_failed is skipped. The failure names the block. */
async function runBlock(progress: RecipeProgress, block: RecipeBlock, index: number): Promise<BlockOutcome> {
  const runner = blockRunner(block.type);
  if (runner.list) progress.open(runner.list);
  try {
    return await runner.run(progress, block.details);
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== ErrorCode.ActionFailed) throw error;
    if (block.optional) return;
    throw new AppError(ErrorCode.ActionFailed, `Block ${index} (${block.type}): ${error.message}`);
  }
}

/** Blocks in order; a paginate sends the recipe back to its startBlock after each new page (pages are capped). */
async function executeBlocks(progress: RecipeProgress, recipe: Recipe): Promise<void> {
  const positions = new Map(recipe.blocks.flatMap((block, index) => (block.id === null ? [] : [[block.id, index] as const])));
  let index = 0;
  while (index < recipe.blocks.length) {
    progress.assertTimeLeft();
    const outcome = await runBlock(progress, recipe.blocks[index], index);
    index = outcome ? positions.get(outcome.repeatFrom)! : index + 1;
  }
}

/** Races the work against the job's signal; puppeteer's own timeouts become navigation_timeout too. */
async function withinDeadline(work: Promise<void>, signal: AbortSignal): Promise<void> {
  try {
    await raceSignal(work, signal, timeout);
  } catch (error) {
    throw error instanceof Error && error.name === 'TimeoutError' ? timeout() : error;
  }
}

/** Runs a validated recipe on the session's page and assembles `data` (decisions.md section 2). */
export async function runRecipe(session: PageSession, recipe: Recipe, limits: RecipeLimits): Promise<RecipeRun> {
  const progress = new RecipeProgress(session, limits);
  await withinDeadline(executeBlocks(progress, recipe), progress.signal);
  const names = [...new Set(recipe.blocks.flatMap((block) => blockRunner(block.type).outputs?.(block.details) ?? []))];
  // The rows' null cells are counted before the rows are built: they could make them many times the bound.
  if (limits.maxBytes !== undefined && recipe.expectedOutput === 'list' && progress.recordedBytes + listPaddingBytes(names, progress.pages) > limits.maxBytes) {
    throw pageTooLarge(limits.maxBytes);
  }
  const result = buildResult(names, progress.pages, recipe.expectedOutput, progress.outputs);
  // The counts above bound what was read; the data as stored is measured once more, the same way.
  if (limits.maxBytes !== undefined && outputBytes(result) > limits.maxBytes) throw pageTooLarge(limits.maxBytes);
  return { result, navigation: progress.navigation!, documentPage: () => progress.documentPage() };
}
