import type { FieldErrors } from '../../../common/errors/app-error.js';
import { lastValue } from '../../../common/validation/query-params.js';
import { compileRules } from '../../../infra/content/extract-rules/compile-rules.js';
import type { ExtractRules } from '../../../infra/content/extract-rules/rule.js';
import { parseAnswerSchema } from '../../../infra/llm/answer-schema.js';
import type { JsonSchemaObject } from '../../../infra/llm/answer-schema.js';

/** decisions.md 8.2: what GET /crawl was asked to extract, as the job row carries it. */
export interface StructuredRequest {
  readonly extract: ExtractRules | null;
  readonly aiSchema: JsonSchemaObject | null;
}

export interface ParsedStructured {
  readonly request: StructuredRequest;
  /** 422 messages on `extract` and `ai_schema`; empty when both are usable. */
  readonly errors: FieldErrors;
}

/** Parses `extract` and `ai_schema` from the raw query: absent is null. */
export function parseStructuredParams(query: Record<string, unknown>): ParsedStructured {
  const errors: FieldErrors = {};
  const extractText = textOf(query.extract);
  const schemaText = textOf(query.ai_schema);
  const rules = extractText === undefined ? null : compileRules(extractText);
  const schema = schemaText === undefined ? null : parseAnswerSchema(schemaText);
  if (rules && !rules.ok) errors.extract = [rules.error];
  if (schema && !schema.ok) errors.ai_schema = [schema.error];
  return {
    request: { extract: rules?.ok ? rules.rules : null, aiSchema: schema?.ok ? schema.schema : null },
    errors,
  };
}

function textOf(value: unknown): string | undefined {
  const last = lastValue({ value });
  return last === undefined ? undefined : String(last);
}
