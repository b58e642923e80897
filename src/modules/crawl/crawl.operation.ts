import { Injectable } from '@nestjs/common';
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

/** GET /crawl: the page as HTML, Markdown or text, or the JSON envelope (an answer to `ai_query`, output=json). */
@Injectable()
@MeteredOperation()
export class CrawlOperation extends PageOperation {
  readonly kind = 'crawl';
  readonly dailyLimited = false;

  constructor(@InjectConfig() config: AppConfig, llm: LlmClient) {
    super(config, llm);
  }

  price(options: PageRequest): number {
    return crawlPrice(this.config.pricing, {
      tier: options.route.tier,
      js: options.page.js,
      images: options.page.images,
      aiQuery: options.aiQuery !== '',
      city: options.route.city !== null,
    });
  }

  /** The page is read in the browser; its content is made in Node after the tab is given back. */
  async run(ctx: TaskContext, options: PageRequest): Promise<JobOutput> {
    const page = await ctx.withPage(options.page, async (session): Promise<ReadPage> => {
      const navigation = await session.goto(options.url);
      session.assertNotBlocked();
      const html = await readPageHtml(session.page, navigation, options.page.js, ctx.config.maxPageBytes);
      return { html, targetStatus: navigation.status, finalUrl: navigation.finalUrl };
    });
    const data = options.aiQuery ? { answer: await this.answer(options, page) } : null;
    return pageAnswer(page, options.content ?? PAGE_AS_SERVED, data, ctx.config.maxPageBytes);
  }

  envelope(view: JobView<PageRequest>): object {
    return pageEnvelope(view, { city: true, result: pageResultFields });
  }
}
