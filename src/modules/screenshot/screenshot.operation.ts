import { Injectable } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { LlmClient } from '../../infra/llm/llm.client.js';
import { flatPrice } from '../billing/price-table.js';
import type { PageRequest } from '../jobs/dto/page-request.js';
import type { JobOutput, JobView, TaskContext } from '../jobs/operation.js';
import { MeteredOperation } from '../jobs/operation-registry.js';
import { PageOperation } from '../jobs/page-operation.js';
import { billingFields } from '../jobs/page-envelope.js';
import { readRenderedHtml } from '../jobs/page-size.js';
import { captureFullPage, loadLazyContent } from '../../infra/browser/full-page-capture.js';

interface ScreenshotData {
  url: string;
  screenshots: string[];
  answer?: string;
}

/** GET /screenshot: a full-page JPEG, flat price, `ai_query` answered free beside it. */
@Injectable()
@MeteredOperation()
export class ScreenshotOperation extends PageOperation {
  readonly kind = 'screenshot';
  readonly repeatable = true;
  readonly dailyLimited = true;

  constructor(@InjectConfig() config: AppConfig, llm: LlmClient) {
    super(config, llm);
  }

  price(): number {
    return flatPrice(this.config.pricing, this.kind);
  }

  async run(ctx: TaskContext, options: PageRequest): Promise<JobOutput> {
    const shot = await ctx.withPage(options.page, async (session) => {
      const navigation = await session.goto(options.url);
      await loadLazyContent(session.page, options.page.js);
      session.mark('lazy content');
      session.assertNotBlocked();
      const image = await captureFullPage(session, ctx.config.screenshot);
      session.mark('captured');
      const html = options.aiQuery ? await readRenderedHtml(session.page, ctx.config.maxPageBytes) : null;
      return { image, html, navigation };
    });
    const data: ScreenshotData = { url: options.url, screenshots: [shot.image] };
    if (shot.html !== null) {
      const page = { html: shot.html, rendered: options.page.js, targetStatus: shot.navigation.status, finalUrl: shot.navigation.finalUrl };
      ctx.showPage({ url: page.finalUrl, html: page.html });
      data.answer = await this.answer(options, page, { deadline: ctx.deadline, maxBytes: ctx.config.maxPageBytes, signal: ctx.signal });
    }
    return { type: 'data', data, targetStatus: shot.navigation.status, finalUrl: shot.navigation.finalUrl };
  }

  /** Metered: the image at top-level `screenshot`, `data = {url, answer?}`. Collected: the image at `data.screenshots[0]`. */
  envelope(view: JobView<PageRequest>): object {
    const result = view.output?.type === 'data' ? (view.output.data as ScreenshotData) : null;
    const { screenshots, ...rest } = result ?? { url: view.options.url, screenshots: [] as string[] };
    return {
      url: view.options.url,
      domain: new URL(view.options.url).hostname.toLowerCase(),
      screenshot: view.collected ? null : (screenshots[0] ?? null),
      ai_query: view.options.aiQuery,
      ...billingFields(view),
      job_id: view.job.id,
      status: view.job.status,
      data: view.collected && result ? result : rest,
      position: view.position,
      error: view.error ? view.error.message : null,
      debug: view.debug,
    };
  }
}
