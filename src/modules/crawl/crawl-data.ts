import { extractFromPage } from '../../infra/content/extract-rules/extract-page.js';
import { ExtractTooLargeError } from '../../infra/content/extract-rules/output-budget.js';
import type { LlmClient } from '../../infra/llm/llm.client.js';
import type { MainContent } from '../../infra/llm/page-content.js';
import { pageForModel } from '../../infra/llm/page-to-markdown.js';
import { answerWithSchema } from '../../infra/llm/schema-answer.js';
import type { PageRequest } from '../jobs/dto/page-request.js';
import { pageTooLarge } from '../jobs/page-size.js';
import type { StructuredRequest } from './dto/extract-param.js';

/** GET /crawl's job options: the shared page options, `extract` and `ai_schema`. */
export type CrawlRequest = PageRequest & Partial<StructuredRequest>;

/** The page as the worker read it, its browser tab already closed. */
export interface FetchedPage {
  readonly html: string;
  readonly finalUrl: string;
  /** What the model reads; null when no model is asked. */
  readonly content: MainContent | null;
}

/** Whether the answer is JSON data rather than the page itself. */
export function wantsData(options: CrawlRequest): boolean {
  return options.aiQuery !== '' || Boolean(options.extract) || Boolean(options.aiSchema);
}

export function wantsModel(options: CrawlRequest): boolean {
  return options.aiQuery !== '' || Boolean(options.aiSchema);
}

/**
 * decisions.md 2 and 8.2: `data` of the JSON envelope: `answer` to ai_query (not with ai_schema), `extracted` by the
 * rules, `json` held to the schema. The rules run first: they cost no model call when the page is refused.
 */
export async function crawlData(options: CrawlRequest, page: FetchedPage, llm: LlmClient, maxPageBytes: number, answer: (content: MainContent) => Promise<string>): Promise<Record<string, unknown>> {
  const extracted = options.extract ? extract(page, options, maxPageBytes) : undefined;
  const content = page.content ?? { title: '', contentHtml: '' };
  return {
    ...(options.aiQuery && !options.aiSchema ? { answer: await answer(content) } : {}),
    ...(extracted ? { extracted } : {}),
    ...(options.aiSchema
      ? { json: await answerWithSchema(llm, { question: options.aiQuery, pageMarkdown: pageForModel(content, llm.maxInputChars()), schema: options.aiSchema }) }
      : {}),
  };
}

function extract(page: FetchedPage, options: CrawlRequest, maxPageBytes: number): Record<string, unknown> {
  try {
    return extractFromPage(page.html, page.finalUrl, options.extract ?? [], maxPageBytes);
  } catch (error) {
    if (error instanceof ExtractTooLargeError) throw pageTooLarge(maxPageBytes);
    throw error;
  }
}
