import type { AppConfig } from '../../config/app-config.js';
import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import type { JobKind } from '../../infra/database/entities/index.js';
import type { MainContent } from '../../infra/llm/page-content.js';
import type { LlmClient } from '../../infra/llm/llm.client.js';
import { pageForModel } from '../../infra/llm/page-to-markdown.js';
import type { PageRequest } from './dto/page-request.js';
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
    if (options.aiQuery && !this.llm.isConfigured()) {
      throw new AppError(ErrorCode.AiUnavailable, 'No language model is configured for ai_query; nothing was charged.');
    }
  }

  timeoutMs(config: AppConfig): number {
    return config.jobTimeoutMs;
  }

  /** Asked after the page is closed: a slow model never holds a browser slot. */
  protected async answer(question: string, content: MainContent): Promise<string> {
    return (await this.llm.answer(question, pageForModel(content, this.config.llm?.maxInputChars ?? 30000))).answer;
  }
}
