import { Injectable } from '@nestjs/common';
import { AppError, FieldErrors } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { validateDto } from '../../common/validation/validate-dto.js';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import type { PageSession } from '../../infra/browser/page-options.js';
import { StrictPageQuery } from '../jobs/dto/page-query.dto.js';
import { crossFieldErrors, toPageRequest } from '../jobs/dto/page-request.js';
import type { JobOutput, JobView, Operation, RouteRequest, TaskContext } from '../jobs/operation.js';
import { startUrl } from './blocks/start.block.js';
import { parseRecipe } from './dto/parse-recipe.js';
import { runRecipe } from './recipe.runner.js';
import type { RecipeOptions } from './recipe.types.js';

/** Runs `parse`, adding its 422 errors to `into` instead of throwing them. */
function collect<T>(into: FieldErrors, parse: () => T): T | null {
  try {
    return parse();
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== ErrorCode.Validation) throw error;
    Object.assign(into, error.details.errors);
    return null;
  }
}

/** POST /crawl's query and body; every 422 of both in one answer. The `url` query parameter is ignored. */
export function parseRecipeRequest(query: Record<string, unknown>, body: unknown): RecipeOptions {
  const errors: FieldErrors = {};
  const { url: _ignored, ...rest } = query;
  const strict = collect(errors, () => validateDto(StrictPageQuery, rest));
  const recipe = collect(errors, () => parseRecipe(body));
  if (strict) Object.assign(errors, crossFieldErrors(strict));
  if (strict?.ai_query?.trim()) errors.ai_query = ['ai_query is not available on POST /crawl'];
  if (Object.keys(errors).length > 0 || !strict || !recipe) throw AppError.validation(errors);
  return { request: toPageRequest(strict, startUrl(recipe), { images: false }), recipe };
}

/** POST /crawl: a recipe of blocks run on one page, flat price. */
@Injectable()
export class RecipeOperation implements Operation<RecipeOptions> {
  readonly kind = 'recipe';
  readonly dailyLimited = false;

  constructor(@InjectConfig() private readonly config: AppConfig) {}

  /** Flat, whatever the pool, the geography or the number of blocks. */
  price(): number {
    return this.config.pricing.flat.recipe;
  }

  route(options: RecipeOptions): RouteRequest {
    return options.request.route;
  }

  target(options: RecipeOptions): string {
    return options.request.url;
  }

  timeoutMs(config: AppConfig): number {
    return config.jobTimeoutMs;
  }

  run(ctx: TaskContext, options: RecipeOptions): Promise<JobOutput> {
    return ctx.withPage(options.request.page, (session) => this.runOn(session, ctx, options));
  }

  envelope(view: JobView<RecipeOptions>): object {
    const { request } = view.options;
    const billed = view.billing && !view.collected ? { credits_charged: view.billing.charged, credits_remaining: view.billing.remaining } : {};
    return {
      url: request.url,
      domain: new URL(request.url).hostname.toLowerCase(),
      premium: request.route.tier === 'premium',
      js: request.page.js,
      ai_query: '',
      city: request.route.city ?? '',
      data: view.output?.type === 'data' ? view.output.data : null,
      ...billed,
      job_id: view.job.id,
      status: view.job.status,
      position: view.position,
      error: view.error?.message ?? null,
      debug: view.debug,
    };
  }

  /** A recipe of only the start block answers the page itself; a longer one answers its `data`. */
  private async runOn(session: PageSession, ctx: TaskContext, { recipe }: RecipeOptions): Promise<JobOutput> {
    const { result, navigation } = await runRecipe(session, recipe, { maxPages: ctx.config.recipeMaxPages, deadline: ctx.deadline });
    const { status: targetStatus, finalUrl } = navigation;
    if (recipe.blocks.length > 1) return { type: 'data', data: result, targetStatus, finalUrl };
    const html = session.options.js ? await session.page.content() : await navigation.rawBody();
    return { type: 'page', html, targetStatus, finalUrl };
  }
}
