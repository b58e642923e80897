import { Injectable } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { LlmClient } from '../../infra/llm/llm.client.js';
import { extractMainContent } from '../../infra/llm/page-content.js';
import { pageForModel } from '../../infra/llm/page-to-markdown.js';
import { crawlPrice } from '../billing/price-table.js';
import type { PageRequest } from '../jobs/dto/page-request.js';
import { pageEnvelope } from '../jobs/page-envelope.js';
import type { JobOutput, JobView, Operation, TaskContext } from '../jobs/operation.js';

/** GET /crawl: the page as HTML, or a JSON answer to `ai_query` about it. */
@Injectable()
export class CrawlOperation implements Operation<PageRequest> {
  readonly kind = 'crawl';
  readonly dailyLimited = false;

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly llm: LlmClient,
  ) {}

  price(options: PageRequest): number {
    return crawlPrice(this.config.pricing, {
      tier: options.route.tier,
      js: options.page.js,
      images: options.page.images,
      aiQuery: options.aiQuery !== '',
      city: options.route.city !== null,
    });
  }

  route(options: PageRequest) {
    return options.route;
  }

  target(options: PageRequest): string {
    return options.url;
  }

  precheck(options: PageRequest): void {
    if (options.aiQuery && !this.llm.isConfigured()) {
      throw new AppError(ErrorCode.AiUnavailable, 'No language model is configured for ai_query; nothing was charged.');
    }
  }

  timeoutMs(config: AppConfig): number {
    return config.jobTimeoutMs;
  }

  async run(ctx: TaskContext, options: PageRequest): Promise<JobOutput> {
    const fetched = await ctx.withPage(options.page, async (session) => {
      const navigation = await session.goto(options.url);
      session.assertNotBlocked();
      const html = options.page.js ? await session.page.content() : await navigation.rawBody();
      const content = options.aiQuery ? await extractMainContent(session.page) : null;
      return { html, content, targetStatus: navigation.status, finalUrl: navigation.finalUrl };
    });
    if (!fetched.content) return { type: 'page', html: fetched.html, targetStatus: fetched.targetStatus, finalUrl: fetched.finalUrl };
    // The page is closed before the model is asked: a slow model never holds a browser slot.
    const { answer } = await this.llm.answer(options.aiQuery, pageForModel(fetched.content, ctx.config.llm?.maxInputChars ?? 30000));
    return { type: 'data', data: { answer }, targetStatus: fetched.targetStatus, finalUrl: fetched.finalUrl };
  }

  envelope(view: JobView<PageRequest>): object {
    return pageEnvelope(view, { city: true, data: (output) => output ?? {} });
  }
}
