import type { AppConfig } from '../../config/app-config.js';
import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import type { JobKind } from '../../infra/database/entities/index.js';
import type { LlmClient } from '../../infra/llm/llm.client.js';
import { modelContent, PAGE_AS_SERVED } from './dto/content-query.js';
import type { PageRequest } from './dto/page-request.js';
import { pageContentWork } from './page-content-work.js';
import { documentContent } from './page-document.js';
import type { ContentLimits } from './page-content-work.js';
import { pageReading } from './page-result.js';
import type { ReadPage } from './page-result.js';
import type { JobOutput, JobView, Operation, RouteRequest, TaskContext } from './operation.js';

/** What GET /crawl and GET /screenshot share: one URL, the shared page options, and an optional question. */
export abstract class PageOperation implements Operation<PageRequest> {
  abstract readonly kind: JobKind;
  abstract readonly dailyLimited: boolean;

  protected constructor(
    protected readonly config: AppConfig,
    protected readonly llm: LlmClient,
  ) {}

  abstract price(options: PageRequest): number;
  abstract run(ctx: TaskContext, options: PageRequest): Promise<JobOutput>;
  abstract envelope(view: JobView<PageRequest>): object;

  route(options: PageRequest): RouteRequest {
    return options.route;
  }

  target(options: PageRequest): string {
    return options.url;
  }

  precheck(options: PageRequest): void {
    if (options.aiQuery) this.assertModel('ai_query');
  }

  /** 503 ai_unavailable when no model is configured; `param` names what needs one. */
  protected assertModel(param: 'ai_query' | 'ai_schema'): void {
    if (!this.llm.isConfigured()) throw new AppError(ErrorCode.AiUnavailable, `No language model is configured for ${param}; nothing was charged.`);
  }

  /**
   * Asked after the page is closed, so a slow model never holds a browser slot. The model reads the page's content
   * as Markdown: what main_content and the selectors keep, main content by default (decisions.md 8.1); the client
   * cuts it to LLM_MAX_INPUT_CHARS.
   */
  protected async answer(options: PageRequest, page: ReadPage, limits: ContentLimits): Promise<string> {
    return (await this.llm.answer(options.aiQuery, await this.modelMarkdown(options, page, limits), limits.signal)).answer;
  }

  /** The page as the model reads it, for ai_query and ai_schema alike. */
  protected modelMarkdown(options: PageRequest, page: ReadPage, limits: ContentLimits): Promise<string> {
    const request = documentContent(page, modelContent(options.content ?? PAGE_AS_SERVED, page.rendered));
    return pageContentWork({ kind: 'render', html: page.html, url: page.finalUrl, request, reading: pageReading(page) }, limits);
  }
}
