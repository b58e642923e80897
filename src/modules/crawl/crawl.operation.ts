import { Injectable } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { LlmClient } from '../../infra/llm/llm.client.js';
import { extractMainContent } from '../../infra/llm/page-content.js';
import { crawlPrice } from '../billing/price-table.js';
import type { PageRequest } from '../jobs/dto/page-request.js';
import { pageEnvelope } from '../jobs/page-envelope.js';
import type { JobOutput, JobView, TaskContext } from '../jobs/operation.js';
import { MeteredOperation } from '../jobs/operation-registry.js';
import { PageOperation } from '../jobs/page-operation.js';
import { readPageHtml } from '../jobs/page-size.js';

/** GET /crawl: the page as HTML, or a JSON answer to `ai_query` about it. */
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

  async run(ctx: TaskContext, options: PageRequest): Promise<JobOutput> {
    const fetched = await ctx.withPage(options.page, async (session) => {
      const navigation = await session.goto(options.url);
      session.assertNotBlocked();
      const html = await readPageHtml(session.page, navigation, options.page.js, ctx.config.maxPageBytes);
      const content = options.aiQuery ? await extractMainContent(session.page) : null;
      return { html, content, targetStatus: navigation.status, finalUrl: navigation.finalUrl };
    });
    if (!fetched.content) return { type: 'page', mediaType: 'text/html', text: fetched.html, targetStatus: fetched.targetStatus, finalUrl: fetched.finalUrl };
    return { type: 'data', data: { answer: await this.answer(options.aiQuery, fetched.content) }, targetStatus: fetched.targetStatus, finalUrl: fetched.finalUrl };
  }

  envelope(view: JobView<PageRequest>): object {
    return pageEnvelope(view, { city: true, data: (output) => output ?? {} });
  }
}
