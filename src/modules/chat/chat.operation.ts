import { Injectable } from '@nestjs/common';
import { AppError, isAppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { validateDto } from '../../common/validation/validate-dto.js';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import type { PageOptions } from '../../infra/browser/page-options.js';
import { flatPrice } from '../billing/price-table.js';
import { geographyErrors, routeRequest } from '../jobs/dto/route-request.js';
import type { JobOutput, JobView, Operation, RouteRequest, TaskContext } from '../jobs/operation.js';
import { MeteredOperation } from '../jobs/operation-registry.js';
import type { ChatNode } from './chat-node.js';
import { ChatQuery } from './chat.dto.js';
import { runChat } from './chat.task.js';

/** The validated GET /chat request, as stored in the job row. */
export interface ChatOptions {
  readonly prompt: string;
  readonly route: RouteRequest;
}

/** The chat page is a plain visit: scripts on, nothing blocked that the site may need to render. */
const CHAT_PAGE: PageOptions = {
  js: true,
  images: false,
  adblock: false,
  waitUntil: 'domcontentloaded',
  viewport: { width: 1280, height: 900 },
  userAgent: null,
};
/** The task gives up this long before the job's hard limit, so that the failure is chat_timeout and not the pipeline's. */
const DEADLINE_MARGIN_MS = 1000;

/** GET /chat's query: 422 naming every bad parameter at once. An unknown parameter is refused, as on every route (decisions.md 8). */
export function parseChatQuery(query: Record<string, unknown>): ChatOptions {
  const cross = geographyErrors(query);
  let dto: ChatQuery;
  try {
    dto = validateDto(ChatQuery, query);
  } catch (error) {
    if (!isAppError(error) || error.code !== ErrorCode.Validation) throw error;
    const errors = { ...error.details.errors };
    for (const [param, messages] of Object.entries(cross)) errors[param] = [...(errors[param] ?? []), ...messages];
    throw AppError.validation(errors);
  }
  if (Object.keys(cross).length > 0) throw AppError.validation(cross);
  return { prompt: dto.prompt, route: routeRequest(dto) };
}

/** GET /chat: one prompt typed into the chat site, its answer as nodes; flat price. */
@Injectable()
@MeteredOperation()
export class ChatOperation implements Operation<ChatOptions> {
  readonly kind = 'chat';
  readonly dailyLimited = true;

  constructor(@InjectConfig() private readonly config: AppConfig) {}

  /** Flat, whatever the pool or the geography. */
  price(): number {
    return flatPrice(this.config.pricing, this.kind);
  }

  route(options: ChatOptions): RouteRequest {
    return options.route;
  }

  target(_options: ChatOptions, config: AppConfig): string {
    return config.chat.siteUrl;
  }

  timeoutMs(config: AppConfig): number {
    return config.chatTimeoutMs;
  }

  async run(ctx: TaskContext, options: ChatOptions): Promise<JobOutput> {
    const { siteUrl, profile } = ctx.config.chat;
    const deadline = ctx.deadline - DEADLINE_MARGIN_MS;
    const nodes = await ctx.withPage(CHAT_PAGE, (session) => runChat(session, { prompt: options.prompt, siteUrl, profile, deadline }));
    return { type: 'data', data: nodes };
  }

  /** The chat envelope; collected, the answer moves to `data[0]` and the credit fields are left out. */
  envelope(view: JobView<ChatOptions>): object {
    const { prompt } = view.options;
    const nodes = view.output?.type === 'data' && !view.error ? (view.output.data as ChatNode[]) : null;
    const conversation = nodes
      ? [{ role: 'user', message: prompt }, { role: 'assistant', response: nodes }]
      : [];
    const answer = view.collected ? { data: [{ prompt, conversation }] } : { conversation };
    const credits = !view.collected && view.billing
      ? { credits_charged: view.billing.charged, credits_remaining: view.billing.remaining }
      : {};
    return {
      prompt,
      ...answer,
      ...credits,
      job_id: view.job.id,
      status: view.job.status,
      position: view.position,
      error: view.error ? view.error.message : null,
      debug: view.debug,
    };
  }
}
