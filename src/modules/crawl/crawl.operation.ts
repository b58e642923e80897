import { Injectable } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { LlmClient } from '../../infra/llm/llm.client.js';
import { targetedCity } from '../../infra/proxy/targeted-city.js';
import { cacheHitPrice, crawlPrice } from '../billing/price-table.js';
import { PAGE_AS_SERVED } from '../jobs/dto/content-query.js';
import type { PageRequest } from '../jobs/dto/page-request.js';
import { pageEnvelope } from '../jobs/page-envelope.js';
import type { JobOutput, JobView, StoredAnswer, TaskContext } from '../jobs/operation.js';
import { MeteredOperation } from '../jobs/operation-registry.js';
import { PageOperation } from '../jobs/page-operation.js';
import { pageAnswer, pageResultFields } from '../jobs/page-result.js';
import type { ReadPage } from '../jobs/page-result.js';
import { readDocumentPage, showsPdfBytes } from '../jobs/page-document.js';
import type { FetchedDocument } from '../jobs/page-document.js';
import type { ContentLimits } from '../jobs/page-content-work.js';
import { readNavigatedPage } from '../jobs/page-size.js';
import { PageCacheService } from '../page-cache/page-cache.service.js';
import type { StoredCopy } from '../page-cache/page-copy.js';
import { pageAsRead, readPageOf, withCachedAt } from './crawl-copy.js';
import { crawlData, wantsModel } from './crawl-data.js';
import { assertSchemaCompiles } from './dto/schema-compiles.js';
import type { CrawlRequest } from './crawl-data.js';

/**
 * GET /crawl: the page as HTML, Markdown or text, or the JSON envelope (an answer to `ai_query`, extracted fields,
 * data held to `ai_schema`, output=json).
 */
@Injectable()
@MeteredOperation()
export class CrawlOperation extends PageOperation {
  readonly kind = 'crawl';
  readonly repeatable = true;
  readonly dailyLimited = false;
  readonly saysCache = true;

  constructor(@InjectConfig() config: AppConfig, llm: LlmClient, private readonly cache: PageCacheService) {
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

  /** With ai_schema, the model is looked for once the schema compiled (admittedCheck). */
  override precheck(options: CrawlRequest): void {
    if (!options.aiSchema) super.precheck(options);
  }

  /**
   * The schema is compiled once the caller has its burst token, in a content thread (issue 36.1); the model is looked
   * for only then, so that a schema that does not compile is 422 whether or not a model is configured (decisions.md 8.2).
   */
  async admittedCheck(options: CrawlRequest): Promise<void> {
    if (!options.aiSchema) return;
    await assertSchemaCompiles(options.aiSchema);
    this.assertModel('ai_schema');
  }

  /**
   * The page is read in the browser; its content is made in Node after the tab is given back. A PDF's bytes come from
   * the same navigation, and its text is read in a content thread (decisions.md 9.5). A 2xx page is stored meanwhile
   * (decisions.md 9.6), unless store=false.
   */
  async run(ctx: TaskContext, options: CrawlRequest): Promise<JobOutput> {
    // A copy's age runs from the target's answer, not from the end of the reading (a PDF's can take most of a minute).
    let answeredAt = new Date();
    const fetched = await ctx.withPage({ ...options.page, documents: true }, async (session): Promise<ReadPage | FetchedDocument> => {
      const navigation = await session.goto(options.url);
      answeredAt = new Date();
      session.assertNotBlocked();
      const { status: targetStatus, finalUrl } = navigation;
      if (navigation.document) return { bytes: navigation.document, targetStatus, finalUrl };
      const read = await readNavigatedPage(session.page, navigation, options.page.js, ctx.config.maxPageBytes);
      if (showsPdfBytes(read.html)) {
        // A PDF labelled as a page (its first bytes are %PDF-): asked again, its bytes read at the response this time.
        const again = await session.goto(options.url, { sniffAnyType: true });
        session.assertNotBlocked();
        if (again.document) return { bytes: again.document, targetStatus: again.status, finalUrl: again.finalUrl };
      }
      return { ...read, retryAfter: navigation.retryAfter ?? null };
    });
    const limits = { deadline: ctx.deadline, maxBytes: ctx.config.maxPageBytes, signal: ctx.signal };
    const page = 'bytes' in fetched ? await readDocumentPage(fetched, ctx.config.pdf.maxPages, limits) : fetched;
    ctx.showPage({ url: page.finalUrl, html: page.html });
    const stored = options.store === false ? null : this.cache.keep(ctx.organizationId, options, pageAsRead(page), answeredAt);
    try {
      return await this.answerPage(options, page, limits);
    } finally {
      await stored;
    }
  }

  /** decisions.md 9.6: the organization's copy younger than max_age, answered as the fetch would be, at cache_hit's price. */
  async fromStore(options: CrawlRequest, organizationId: string): Promise<StoredAnswer | null> {
    const found = await this.cache.lookup(organizationId, options, options.maxAge ?? 0);
    if (!found) return null;
    let copy: StoredCopy | null = null;
    return {
      fetchedAt: found.fetchedAt,
      price: cacheHitPrice(this.config.pricing, { aiQuery: wantsModel(options) }),
      load: async () => (copy = await found.read()) !== null,
      answer: async (deadline, signal) => {
        if (!copy) throw new Error('A stored copy was answered before it was loaded.');
        return withCachedAt(await this.answerPage(options, readPageOf(copy), { deadline, maxBytes: this.config.maxPageBytes, signal }), found.fetchedAt);
      },
    };
  }

  /** Everything computed from the page (format, main_content, selectors, extract, ai_*, output): from a fetch or a copy alike. */
  private async answerPage(options: CrawlRequest, page: ReadPage, limits: ContentLimits): Promise<JobOutput> {
    const data = await crawlData(options, page, {
      llm: this.llm,
      limits,
      answer: () => this.answer(options, page, limits),
      modelMarkdown: () => this.modelMarkdown(options, page, limits),
    });
    return pageAnswer(page, options.content ?? PAGE_AS_SERVED, data, limits);
  }

  envelope(view: JobView<PageRequest>): object {
    // "City actually targeted" (the spec's envelope): the pool's spelling when it lists the country's cities.
    const city = (route: PageRequest['route']) => targetedCity(this.config.proxyPools, route.tier, route.country ?? '', route.city!) ?? route.city!;
    return pageEnvelope(view, { city, result: pageResultFields });
  }
}
