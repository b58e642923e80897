import { Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { lastValue } from '../../common/validation/query-params.js';
import { validateDto } from '../../common/validation/validate-dto.js';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import type { PageSession } from '../../infra/browser/page-options.js';
import { flatPrice } from '../billing/price-table.js';
import { contentChoice, PAGE_AS_SERVED } from '../jobs/dto/content-query.js';
import { crossFieldErrors, toPageRequest } from '../jobs/dto/page-request.js';
import type { JobOutput, JobView, Operation, RouteRequest, TaskContext } from '../jobs/operation.js';
import { MeteredOperation } from '../jobs/operation-registry.js';
import { pageEnvelope } from '../jobs/page-envelope.js';
import { pageAnswer, pageResultFields } from '../jobs/page-result.js';
import type { ReadPage } from '../jobs/page-result.js';
import { readDocumentPage } from '../jobs/page-document.js';
import type { FetchedDocument } from '../jobs/page-document.js';
import { readNavigatedPage, readRenderedHtml } from '../jobs/page-size.js';
import { startUrl } from './blocks/start.block.js';
import { pageOptionErrors, parseRecipe } from './dto/parse-recipe.js';
import { RecipeQuery } from './dto/recipe-query.dto.js';
import { runRecipe } from './recipe.runner.js';
import type { RecipeRun } from './recipe.runner.js';
import type { RecipeOptions } from './recipe.types.js';

type Problems = [param: string, messages: string[]][];

/** Runs `parse`, keeping its 422 errors instead of throwing them. */
function collect<T>(problems: Problems, parse: () => T): T | null {
  try {
    return parse();
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== ErrorCode.Validation) throw error;
    problems.push(...Object.entries(error.details.errors ?? {}));
    return null;
  }
}

/** POST /crawl's query and body; every 422 of both in one answer. The `url` query parameter is ignored. */
export function parseRecipeRequest(query: Record<string, unknown>, body: unknown): RecipeOptions {
  const problems: Problems = [];
  const { url: _ignored, ai_query: aiQuery, ...rest } = query;
  const strict = collect(problems, () => validateDto(RecipeQuery, rest));
  const recipe = collect(problems, () => parseRecipe(body));
  if (strict) problems.push(...Object.entries(crossFieldErrors(strict)));
  const asked = lastValue({ value: aiQuery });
  if (typeof asked === 'string' && asked.trim()) problems.push(['ai_query', ['ai_query is not available on POST /crawl']]);
  if (strict && recipe) problems.push(...Object.entries(pageOptionErrors(recipe, { js: strict.js ?? true })));
  // fromEntries, not assignment: a body field named `__proto__` stays a reported field.
  if (problems.length > 0 || !strict || !recipe) throw AppError.validation(Object.fromEntries(problems));
  const request = toPageRequest(strict, new URL(startUrl(recipe)).href, { images: false });
  return { request: { ...request, content: contentChoice(strict) }, recipe };
}

/** POST /crawl: a recipe of blocks run on one page, flat price. */
@Injectable()
@MeteredOperation()
export class RecipeOperation implements Operation<RecipeOptions> {
  readonly kind = 'recipe';
  readonly dailyLimited = false;

  constructor(
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  /** Flat, whatever the pool, the geography or the number of blocks. */
  price(): number {
    return flatPrice(this.config.pricing, this.kind);
  }

  route(options: RecipeOptions): RouteRequest {
    return options.request.route;
  }

  target(options: RecipeOptions): string {
    return options.request.url;
  }

  /** The page's content (a start-only recipe's answer, or output=json's) is made after the tab is given back, as GET /crawl's is. */
  async run(ctx: TaskContext, options: RecipeOptions): Promise<JobOutput> {
    // A start page that is a PDF is read as a document (decisions.md 9.5): a start-only recipe answers it as GET /crawl
    // does; in a longer one the blocks meet the tab's empty stand-in (extract finds nothing) and content reads the text.
    const page = { ...options.request.page, documents: true };
    const ran = await ctx.withPage(page, (session) => this.runOn(session, ctx, options));
    if ('output' in ran) return ran.output;
    const limits = { deadline: ctx.deadline, maxBytes: ctx.config.maxPageBytes, signal: ctx.signal };
    const read = 'bytes' in ran.page ? await readDocumentPage(ran.page, ctx.config.pdf.maxPages, limits) : ran.page;
    ctx.showPage({ url: read.finalUrl, html: read.html });
    const answer = await pageAnswer(read, options.request.content ?? PAGE_AS_SERVED, ran.data, limits);
    // The target's status and final URL stay the start navigation's, whatever page the blocks ended on.
    return ran.target ? { ...answer, ...ran.target } : answer;
  }

  /** The crawl envelope, without `city` (the spec echoes it only on GET /crawl); `ai_query` is always empty here (refused in the query). */
  envelope(view: JobView<RecipeOptions>): object {
    const result = answersPage(view.options) ? pageResultFields : (output: unknown) => ({ data: output ?? {} });
    return pageEnvelope({ ...view, options: view.options.request }, { result });
  }

  /**
   * A recipe of only the start block answers the page like GET /crawl (format, output=json); a longer one its `data`,
   * and with output=json the content, metadata and links of the page the blocks left the tab on.
   */
  private async runOn(session: PageSession, ctx: TaskContext, options: RecipeOptions): Promise<{ output: JobOutput } | PageToAnswer> {
    const run = await runRecipe(session, options.recipe, {
      maxPages: ctx.config.recipeMaxPages,
      deadline: ctx.deadline,
      signal: ctx.signal,
      maxBytes: ctx.config.maxPageBytes,
      screenshot: ctx.config.screenshot,
      pdfMaxPages: ctx.config.pdf.maxPages,
    });
    const { navigation } = run;
    const target = { targetStatus: navigation.status, finalUrl: navigation.finalUrl };
    if (!isStartOnly(options)) {
      if (!answersPage(options)) return { output: { type: 'data', data: run.result, ...target } };
      return { page: await endPage(session, run, ctx.config.maxPageBytes), data: run.result, target };
    }
    // With output=json its `data` is the recipe result of one page read (decisions.md 2): {fields: {}, pages: 1}.
    const data = options.request.content?.output === 'json' ? run.result : null;
    if (navigation.document) return { page: { bytes: navigation.document, ...target }, data };
    return { page: await readNavigatedPage(session.page, navigation, session.options.js, ctx.config.maxPageBytes), data };
  }
}

/** A page read in the tab, answered once the tab is given back: with the recipe's `data` and start target when longer. */
interface PageToAnswer {
  readonly page: ReadPage | FetchedDocument;
  readonly data: object | null;
  readonly target?: { readonly targetStatus: number; readonly finalUrl: string };
}

/**
 * The page the blocks left the tab on, read once: the start PDF's document while the tab still shows it, else the DOM
 * as it is now (with js=false too: the blocks ran on the page as the browser shows it), bounded by MAX_PAGE_BYTES.
 */
async function endPage(session: PageSession, run: RecipeRun, maxBytes: number): Promise<ReadPage> {
  const document = run.documentPage();
  if (document) return document;
  const html = await readRenderedHtml(session.page, maxBytes);
  return { html, rendered: session.options.js, targetStatus: run.navigation.status, finalUrl: session.page.url() };
}

/** Whether the job's output is a page result (page-result.ts): a start-only recipe's, or any recipe's with output=json. */
function answersPage(options: RecipeOptions): boolean {
  return isStartOnly(options) || options.request.content?.output === 'json';
}

function isStartOnly(options: RecipeOptions): boolean {
  return options.recipe.blocks.length === 1;
}
