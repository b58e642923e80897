import { Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { LlmClient } from '../../infra/llm/llm.client.js';
import { crawlPrice } from '../billing/price-table.js';
import { PAGE_AS_SERVED } from '../jobs/dto/content-query.js';
import type { PageRequest } from '../jobs/dto/page-request.js';
import { pageEnvelope } from '../jobs/page-envelope.js';
import type { JobOutput, JobView, TaskContext } from '../jobs/operation.js';
import { MeteredOperation } from '../jobs/operation-registry.js';
import { PageOperation } from '../jobs/page-operation.js';
import { pageAnswer, pageResultFields } from '../jobs/page-result.js';
import type { ReadPage } from '../jobs/page-result.js';
import { readPageHtml } from '../jobs/page-size.js';
import { crawlData, wantsModel } from './crawl-data.js';
import type { CrawlRequest } from './crawl-data.js';

/**
 * GET /crawl: the page as HTML, Markdown or text, or the JSON envelope (an answer to `ai_query`, extracted fields,
 * data held to `ai_schema`, output=json).
 */
@Injectable()
@MeteredOperation()
export class CrawlOperation extends PageOperation {
  readonly kind = 'crawl';
  readonly dailyLimited = false;

  constructor(@InjectConfig() config: AppConfig, llm: LlmClient) {
    super(config, llm);
  }

  price(options: CrawlRequest): number {
    return crawlPrice(this.config.pricing, {
      tier: options.route.tier,
      js: options.page.js,
      images: options.page.images,
      // decisions.md 8.2: ai_schema costs the ai_query surcharge, once, with or without a question.
      aiQuery: wantsModel(options),
      city: options.route.city !== null,
    });
  }

  override precheck(options: CrawlRequest): void {
    super.precheck(options);
    if (options.aiSchema && !this.llm.isConfigured()) {
      throw new AppError(ErrorCode.AiUnavailable, 'No language model is configured for ai_schema; nothing was charged.');
    }
  }

  /** The page is read in the browser; its content is made in Node after the tab is given back. */
  async run(ctx: TaskContext, options: CrawlRequest): Promise<JobOutput> {
    const page = await ctx.withPage(options.page, async (session): Promise<ReadPage> => {
      const navigation = await session.goto(options.url);
      session.assertNotBlocked();
      const html = await readPageHtml(session.page, navigation, options.page.js, ctx.config.maxPageBytes);
      return { html, rendered: options.page.js, targetStatus: navigation.status, finalUrl: navigation.finalUrl, retryAfter: navigation.retryAfter ?? null };
    });
    const limits = { deadline: ctx.deadline, maxBytes: ctx.config.maxPageBytes };
    const data = await crawlData(options, page, {
      llm: this.llm,
      limits,
      answer: () => this.answer(options, page, limits),
      modelMarkdown: () => this.modelMarkdown(options, page, limits),
    });
    return pageAnswer(page, options.content ?? PAGE_AS_SERVED, data, limits);
  }

  envelope(view: JobView<PageRequest>): object {
    return pageEnvelope(view, { city: true, result: pageResultFields });
  }
}
