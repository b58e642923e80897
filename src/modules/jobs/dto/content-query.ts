import { Transform } from 'class-transformer';
import { IsOptional, registerDecorator } from 'class-validator';
import { ParamDoc } from '../../../common/openapi/param-doc.js';
import { lastValue, OneOfParam } from '../../../common/validation/query-params.js';
import { parseSelectorList } from '../../../infra/content/css-selectors.js';
import { CONTENT_FORMATS } from '../../../infra/content/page-content.js';
import type { ContentFormat, ContentRequest } from '../../../infra/content/page-content.js';
import type { QueryClass } from './page-query.dto.js';

export const OUTPUTS = ['page', 'json'] as const;
export type Output = (typeof OUTPUTS)[number];

/** The content parameters of GET /crawl and POST /crawl, as the job keeps them (decisions.md 8.1). */
export interface ContentChoice {
  readonly format: ContentFormat;
  /** null when not given: main content for markdown and text (and for the model), the whole page for html. */
  readonly mainContent: boolean | null;
  readonly includeSelectors: readonly string[];
  readonly excludeSelectors: readonly string[];
  readonly output: Output;
  /** A site crawl's pages: output=json's links read this many for discovery (the record keeps 8.1's 1,000). */
  readonly maxLinks?: number;
}

export const PAGE_AS_SERVED: ContentChoice = { format: 'html', mainContent: null, includeSelectors: [], excludeSelectors: [], output: 'page' };

/** The query's content parameters, validated (see the decorators below), with their defaults. */
export interface ContentParams {
  readonly format?: ContentFormat;
  readonly main_content?: boolean;
  readonly include_selectors?: string[];
  readonly exclude_selectors?: string[];
  readonly output?: Output;
}

export function contentChoice(query: ContentParams): ContentChoice {
  return {
    format: query.format ?? 'html',
    mainContent: query.main_content ?? null,
    includeSelectors: query.include_selectors ?? [],
    excludeSelectors: query.exclude_selectors ?? [],
    output: query.output ?? 'page',
  };
}

/** What the answer's content keeps: main content by default with Markdown and text. `rendered`: scripts ran. */
export function answerContent(choice: ContentChoice, rendered: boolean): ContentRequest {
  return { ...choice, mainContent: choice.mainContent ?? choice.format !== 'html', scripted: rendered };
}

/** What the model reads for ai_query: what main_content and the selectors keep, main content by default, as Markdown. */
export function modelContent(choice: ContentChoice, rendered: boolean): ContentRequest {
  return { ...choice, format: 'markdown', mainContent: choice.mainContent ?? true, scripted: rendered };
}

/** The content parameters' meaning in the OpenAPI document (their rules are the decorators below). */
export const CONTENT_DOCS = {
  format: { description: 'html (the page as served or rendered, the default), or its content as markdown or text', example: 'markdown' },
  main_content: { description: 'Keep only the main content (default true with markdown and text, false with html)', example: 'true' },
  include_selectors: { description: 'Comma-separated CSS selectors: the content is exactly the matched elements, in document order (at most 20, 1,000 characters)', example: 'article h1, .post-body' },
  exclude_selectors: { description: 'Comma-separated CSS selectors of elements removed first (at most 20, 1,000 characters)', example: '.comments, .newsletter' },
  output: { description: 'page (the bare answer, the default) or json (the envelope with content, metadata and links)', example: 'json' },
} as const;

/** `format`: html, markdown or text. */
export const FormatParam = () => OneOfParam(CONTENT_FORMATS);

/** `output`: page (the bare answer) or json (the envelope with content, metadata and links). */
export const OutputParam = () => OneOfParam(OUTPUTS);

const INVALID = Symbol('invalid selector list');

/** `include_selectors` / `exclude_selectors`: a comma-separated CSS selector list, read into its selectors. */
export function SelectorsParam(): PropertyDecorator {
  return (target: object, propertyKey: string | symbol) => {
    const name = String(propertyKey);
    IsOptional()(target, propertyKey);
    Transform(({ value }) => {
      const text = lastValue({ value });
      if (text === undefined) return undefined;
      const parsed = typeof text === 'string' ? parseSelectorList(text) : { problem: 'must be text' };
      return 'selectors' in parsed ? parsed.selectors : { [INVALID]: parsed.problem };
    })(target, propertyKey);
    registerDecorator({
      name: 'selectorList',
      target: target.constructor,
      propertyName: name,
      validator: {
        validate: (value: unknown) => Array.isArray(value),
        defaultMessage: (args) => `${name} ${(args?.value as Record<symbol, string> | undefined)?.[INVALID] ?? 'is invalid'}`,
      },
    });
  };
}

/** The content parameters declared on `Base`, main_content read by `flag`: one list, so GET and POST /crawl take the same ones. */
export function withContentParams<B extends QueryClass>(Base: B, flag: () => PropertyDecorator) {
  class ContentQuery extends Base {
    @ParamDoc(CONTENT_DOCS.format) @FormatParam() format?: ContentFormat;
    @ParamDoc(CONTENT_DOCS.main_content) @IsOptional() @flag() main_content?: boolean;
    @ParamDoc(CONTENT_DOCS.include_selectors) @SelectorsParam() include_selectors?: string[];
    @ParamDoc(CONTENT_DOCS.exclude_selectors) @SelectorsParam() exclude_selectors?: string[];
    @ParamDoc(CONTENT_DOCS.output) @OutputParam() output?: Output;
  }
  return ContentQuery;
}
