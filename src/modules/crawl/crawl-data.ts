import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { ExtractTimeoutError, extractInThread } from '../../infra/content/extract-rules/extract-in-thread.js';
import { ExtractTooLargeError } from '../../infra/content/extract-rules/output-budget.js';
import type { ExtractRules } from '../../infra/content/extract-rules/rule.js';
import type { LlmClient } from '../../infra/llm/llm.client.js';
import { answerWithSchema } from '../../infra/llm/schema-answer.js';
import type { PageRequest } from '../jobs/dto/page-request.js';
import type { ReadPage } from '../jobs/page-result.js';
import { pageTooLarge } from '../jobs/page-size.js';
import type { StructuredRequest } from './dto/extract-param.js';

/** GET /crawl's job options: the page options, the content choice, `extract` and `ai_schema`. */
export type CrawlRequest = PageRequest & Partial<StructuredRequest>;

/** What the operation lends: the model, the size bound, and its way of asking and of showing the page to the model. */
export interface CrawlDataSources {
  readonly llm: LlmClient;
  readonly maxPageBytes: number;
  /** The job's deadline (epoch ms): the rules are stopped there. */
  readonly deadline: number;
  answer(): Promise<string>;
  modelMarkdown(): string;
}

/** Whether a model is asked (ai_query or ai_schema): what costs the +5 and needs LLM settings. */
export function wantsModel(options: CrawlRequest): boolean {
  return options.aiQuery !== '' || Boolean(options.aiSchema);
}

/**
 * decisions.md 2 and 8.2: the envelope's `data`, or null when the answer is the page alone: `answer` to ai_query
 * (not with ai_schema), `extracted` by the rules, `json` held to the schema. The rules run first: a page whose
 * extracts are too large costs no model call.
 */
export async function crawlData(options: CrawlRequest, page: ReadPage, sources: CrawlDataSources): Promise<Record<string, unknown> | null> {
  if (!wantsModel(options) && !options.extract) return null;
  const extracted = options.extract ? await extract(page, options.extract, sources) : undefined;
  const schema = options.aiSchema;
  return {
    ...(options.aiQuery && !schema ? { answer: await sources.answer() } : {}),
    ...(extracted ? { extracted } : {}),
    ...(schema ? { json: await answerWithSchema(sources.llm, { question: options.aiQuery, pageMarkdown: sources.modelMarkdown(), schema }) } : {}),
  };
}

async function extract(page: ReadPage, rules: ExtractRules, sources: CrawlDataSources): Promise<Record<string, unknown>> {
  try {
    return await extractInThread({ html: page.html, pageUrl: page.finalUrl, rules, maxBytes: sources.maxPageBytes }, sources.deadline - Date.now());
  } catch (error) {
    if (error instanceof ExtractTooLargeError) throw pageTooLarge(sources.maxPageBytes);
    if (error instanceof ExtractTimeoutError) throw new AppError(ErrorCode.NavigationTimeout, 'The extraction rules did not finish before the job deadline.');
    // The thread ran out of heap: the page and its extracts are more than a worker holds.
    if ((error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY') throw pageTooLarge(sources.maxPageBytes);
    throw error;
  }
}
