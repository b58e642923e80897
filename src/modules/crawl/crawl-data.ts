import type { PageWork, PageWorkResult } from '../../infra/content/page-work.js';
import type { CheckedAnswer, JsonSchemaObject } from '../../infra/llm/answer-schema.js';
import type { LlmClient } from '../../infra/llm/llm.client.js';
import { answerWithSchema } from '../../infra/llm/schema-answer.js';
import { answerContent, modelContent, PAGE_AS_SERVED } from '../jobs/dto/content-query.js';
import type { PageRequest } from '../jobs/dto/page-request.js';
import { pageContentWork } from '../jobs/page-content-work.js';
import type { ContentLimits } from '../jobs/page-content-work.js';
import { documentContent } from '../jobs/page-document.js';
import { keepDescribed, pageReading } from '../jobs/page-result.js';
import type { ReadPage } from '../jobs/page-result.js';
import type { StructuredRequest } from './dto/extract-param.js';

/** decisions.md 9.6: how old a stored copy may answer (ms, 0: fetch), and whether this fetch is stored. */
export interface FreshnessRequest {
  readonly maxAge: number;
  readonly store: boolean;
}

/** GET /crawl's job options: the page options, the content choice, `extract`, `ai_schema`, and max_age/store (absent on older jobs). */
export type CrawlRequest = PageRequest & Partial<StructuredRequest> & Partial<FreshnessRequest>;

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
    // decisions.md 9.5: the rules do not apply to a document; `extracted` is null.
    ...(options.extract ? { extracted: page.document ? null : (work.extracted ?? null) } : {}),
    ...(schema ? { json: await answerWithSchema(sources.llm, { question: options.aiQuery, pageMarkdown: work.modelMarkdown ?? '', schema, check: checker(schema, sources), signal: sources.limits.signal }) } : {}),
  };
}

/** The answer is validated in a content thread: the worker never compiles a caller's schema on its event loop. */
function checker(schema: JsonSchemaObject, sources: CrawlDataSources): (answer: string) => Promise<CheckedAnswer> {
  return (answer) => pageContentWork({ kind: 'check-answer', schema, answer }, sources.limits);
}

/** One content task for what the job asks of the page; output=json's content is kept for pageAnswer. */
async function pageWork(options: CrawlRequest, page: ReadPage, limits: ContentLimits): Promise<PageWorkResult> {
  const choice = options.content ?? PAGE_AS_SERVED;
  const work: PageWork = {
    ...(options.extract && !page.document ? { extract: { rules: options.extract, maxBytes: limits.maxBytes } } : {}),
    ...(options.aiSchema ? { model: documentContent(page, modelContent(choice, page.rendered)) } : {}),
    ...(choice.output === 'json' ? { describe: documentContent(page, answerContent(choice, page.rendered)) } : {}),
  };
  const result = await pageContentWork({ kind: 'page', html: page.html, url: page.finalUrl, work, reading: pageReading(page) }, limits);
  if (result.described) keepDescribed(page, result.described);
  return result;
}
