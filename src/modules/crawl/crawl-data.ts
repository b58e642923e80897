import type { PageWork, PageWorkResult } from '../../infra/content/page-work.js';
import type { LlmClient } from '../../infra/llm/llm.client.js';
import { answerWithSchema } from '../../infra/llm/schema-answer.js';
import { answerContent, modelContent, PAGE_AS_SERVED } from '../jobs/dto/content-query.js';
import type { PageRequest } from '../jobs/dto/page-request.js';
import { pageContentWork } from '../jobs/page-content-work.js';
import type { ContentLimits } from '../jobs/page-content-work.js';
import { keepDescribed } from '../jobs/page-result.js';
import type { ReadPage } from '../jobs/page-result.js';
import type { StructuredRequest } from './dto/extract-param.js';

/** GET /crawl's job options: the page options, the content choice, `extract` and `ai_schema`. */
export type CrawlRequest = PageRequest & Partial<StructuredRequest>;

/** What the operation lends: the model, the size bound, and its way of asking and of showing the page to the model. */
export interface CrawlDataSources {
  readonly llm: LlmClient;
  /** The rules are stopped at the job's deadline, and their JSON bounded by MAX_PAGE_BYTES. */
  readonly limits: ContentLimits;
  answer(): Promise<string>;
  modelMarkdown(): Promise<string>;
}

/** Whether a model is asked (ai_query or ai_schema): what costs the +5 and needs LLM settings. */
export function wantsModel(options: CrawlRequest): boolean {
  return options.aiQuery !== '' || Boolean(options.aiSchema);
}

/**
 * decisions.md 2 and 8.2: the envelope's `data`, or null when the answer is the page alone: `answer` to ai_query
 * (not with ai_schema), `extracted` by the rules, `json` held to the schema. The rules run first: a page whose
 * extracts are too large costs no model call. The rules, the schema's Markdown and output=json's content come
 * from one parse of the page (one content task).
 */
export async function crawlData(options: CrawlRequest, page: ReadPage, sources: CrawlDataSources): Promise<Record<string, unknown> | null> {
  if (!wantsModel(options) && !options.extract) return null;
  const schema = options.aiSchema;
  const work = options.extract || schema ? await pageWork(options, page, sources.limits) : {};
  return {
    ...(options.aiQuery && !schema ? { answer: await sources.answer() } : {}),
    ...(work.extracted ? { extracted: work.extracted } : {}),
    ...(schema ? { json: await answerWithSchema(sources.llm, { question: options.aiQuery, pageMarkdown: work.modelMarkdown ?? '', schema }) } : {}),
  };
}

/** One content task for what the job asks of the page; output=json's content is kept for pageAnswer. */
async function pageWork(options: CrawlRequest, page: ReadPage, limits: ContentLimits): Promise<PageWorkResult> {
  const choice = options.content ?? PAGE_AS_SERVED;
  const work: PageWork = {
    ...(options.extract ? { extract: { rules: options.extract, maxBytes: limits.maxBytes } } : {}),
    ...(options.aiSchema ? { model: modelContent(choice, page.rendered) } : {}),
    ...(choice.output === 'json' ? { describe: answerContent(choice, page.rendered) } : {}),
  };
  const result = await pageContentWork({ kind: 'page', html: page.html, url: page.finalUrl, work }, limits);
  if (result.described) keepDescribed(page, result.described);
  return result;
}
