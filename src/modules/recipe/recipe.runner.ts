import { createHash } from 'node:crypto';
import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { deadlineSignal, raceSignal } from '../../common/time/deadline.js';
import type { BrowserPage, NavigationResult, PageSession } from '../../infra/browser/page-options.js';
import type { BlockContext } from './blocks/block-runner.js';
import { pageTooLarge } from '../jobs/page-size.js';
import { blockRunner } from './blocks/block-registry.js';
import { buildResult } from './recipe-result.js';
import type { ExtractedValue, Recipe, RecipeResult } from './recipe.types.js';

export interface RecipeLimits {
  /** Pages to read at most, the start page included (RECIPE_MAX_PAGES). */
  readonly maxPages: number;
  /** Epoch milliseconds by which the whole recipe has finished. */
  readonly deadline: number;
  /** Characters of extracted text at most (MAX_PAGE_BYTES); unbounded when absent. */
  readonly maxBytes?: number;
}

export interface RecipeRun {
  readonly result: RecipeResult;
  /** The start block's navigation: the target's status and final URL. */
  readonly navigation: NavigationResult;
}

function timeout(): AppError {
  return new AppError(ErrorCode.NavigationTimeout, 'The recipe did not finish within the job time limit.');
}

/** URL plus a hash of the rendered text: per-request nonces and tokens in the markup do not make a page new. */
async function pageKey(page: BrowserPage): Promise<string> {
  const text = await page.evaluate(() => document.body?.innerText ?? document.documentElement?.textContent ?? '');
  return `${page.url()} ${createHash('sha256').update(text).digest('hex')}`;
}

class RecipeProgress implements BlockContext {
  readonly pages: Map<string, ExtractedValue[]>[] = [];
  navigation: NavigationResult | null = null;
  private readonly seen = new Set<string>();
  private recorded = 0;

  constructor(
    readonly session: PageSession,
    private readonly limits: RecipeLimits,
  ) {}

  get maxPages(): number {
    return this.limits.maxPages;
  }

  get pagesRead(): number {
    return this.pages.length;
  }

  remainingMs(): number {
    const left = this.limits.deadline - Date.now();
    if (left <= 0) throw timeout();
    return left;
  }

  async begin(navigation: NavigationResult): Promise<void> {
    this.navigation = navigation;
    await this.arrive();
  }

  async arrive(): Promise<boolean> {
    const key = await pageKey(this.session.page);
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    this.pages.push(new Map());
    return true;
  }

  get bytesLeft(): number {
    return (this.limits.maxBytes ?? Number.MAX_SAFE_INTEGER) - this.recorded;
  }

  record(name: string, values: readonly ExtractedValue[]): void {
    this.recorded += values.reduce<number>((sum, value) => sum + (typeof value === 'string' ? value.length : 8), 0);
    if (this.bytesLeft < 0) throw pageTooLarge(this.limits.maxBytes);
    const page = this.pages[this.pages.length - 1];
    page.set(name, [...(page.get(name) ?? []), ...values]);
  }
}

/** Blocks in order; a paginate sends the recipe back to its startBlock after each new page (pages are capped). */
async function executeBlocks(progress: RecipeProgress, recipe: Recipe): Promise<void> {
  const positions = new Map(recipe.blocks.flatMap((block, index) => (block.id === null ? [] : [[block.id, index] as const])));
  let index = 0;
  while (index < recipe.blocks.length) {
    progress.remainingMs();
    const block = recipe.blocks[index];
    const outcome = await blockRunner(block.type).run(progress, block.details);
    index = outcome ? positions.get(outcome.repeatFrom)! : index + 1;
  }
}

/** Races the work against the deadline; puppeteer's own timeouts become navigation_timeout too. */
async function withinDeadline(work: Promise<void>, deadline: number): Promise<void> {
  try {
    await raceSignal(work, deadlineSignal(deadline), timeout);
  } catch (error) {
    throw error instanceof Error && error.name === 'TimeoutError' ? timeout() : error;
  }
}

/** Runs a validated recipe on the session's page and assembles `data` (decisions.md section 2). */
export async function runRecipe(session: PageSession, recipe: Recipe, limits: RecipeLimits): Promise<RecipeRun> {
  const progress = new RecipeProgress(session, limits);
  await withinDeadline(executeBlocks(progress, recipe), limits.deadline);
  const names = recipe.blocks.flatMap((block) => blockRunner(block.type).outputs?.(block.details) ?? []);
  const result = buildResult([...new Set(names)], progress.pages, recipe.expectedOutput);
  return { result, navigation: progress.navigation! };
}
