import { Ajv2020 } from 'ajv/dist/2020.js';
import { characterCount } from '../../common/validation/max-characters.js';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { RegExpEngine } from 'ajv/dist/types/index.js';
import formatsModule from 'ajv-formats';
import { RE2JS } from 're2js';

/** decisions.md 8.2: the most characters an `ai_schema` may have. */
export const AI_SCHEMA_MAX_CHARS = 10_000;
/** Bounds on a schema's shape, so compiling one costs milliseconds: JSON objects and arrays, `$ref`s, nesting. */
export const AI_SCHEMA_MAX_NODES = 1_000;
export const AI_SCHEMA_MAX_REFS = 256;
export const AI_SCHEMA_MAX_DEPTH = 32;

export type JsonSchemaObject = Record<string, unknown>;

/** A usable schema, or the message that says why not (a 422 on `ai_schema`). */
export type ParsedAnswerSchema = { readonly ok: true; readonly schema: JsonSchemaObject } | { readonly ok: false; readonly error: string };

/** Where an answer breaks the schema: a JSON Pointer into the answer ("" is the root) and ajv's message. */
export interface SchemaViolation {
  readonly path: string;
  readonly message: string;
}

export type CheckedAnswer = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly violations: SchemaViolation[] };

// A CommonJS plugin seen from an ES module: the function is the default export or the module itself.
const addFormats = ((formatsModule as unknown as { default?: unknown }).default ?? formatsModule) as (ajv: Ajv2020) => void;

/**
 * The caller's `pattern`s run on the model's answer, which a page can steer: RE2's linear-time matching, so a pattern
 * like `^(a+)+$` cannot hold the worker for minutes. A pattern RE2 does not support (back-references, look-arounds)
 * makes the schema one that does not compile.
 */
const linearRegExp: RegExpEngine = Object.assign((pattern: string) => RE2JS.compile(pattern), { code: 'RE2JS.compile' });

const isObject = (value: unknown): value is JsonSchemaObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Parses the `ai_schema` parameter and checks its shape (draft 2020-12, its root `{"type": "object"}`, within the
 * bounds above): cheap checks only, as this runs before admission. Compiling it is `answerSchemaError`'s, later.
 */
export function parseAnswerSchema(text: string): ParsedAnswerSchema {
  if (characterCount(text) > AI_SCHEMA_MAX_CHARS) return { ok: false, error: `ai_schema must be at most ${AI_SCHEMA_MAX_CHARS} characters` };
  let schema: unknown;
  try {
    schema = JSON.parse(text);
  } catch {
    return { ok: false, error: 'ai_schema must be valid JSON' };
  }
  if (!isObject(schema) || schema.type !== 'object') return { ok: false, error: 'ai_schema must be a JSON Schema whose root is {"type": "object"}' };
  const shape = shapeError(schema);
  return shape === null ? { ok: true, schema } : { ok: false, error: shape };
}

/** The 422 message when the schema does not compile, or null. Costs a compile: run after admission, off the event loop. */
export function answerSchemaError(schema: JsonSchemaObject): string | null {
  try {
    compileAnswerSchema(schema);
    return null;
  } catch (error) {
    return `ai_schema does not compile as a JSON Schema (draft 2020-12): ${(error as Error).message}`;
  }
}

/** Counts the schema's objects, arrays and references, and its depth, without recursion. */
function shapeError(schema: JsonSchemaObject): string | null {
  const stack: { value: unknown; depth: number }[] = [{ value: schema, depth: 1 }];
  let nodes = 0;
  let refs = 0;
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    if (++nodes > AI_SCHEMA_MAX_NODES) return `ai_schema must have at most ${AI_SCHEMA_MAX_NODES} objects and arrays`;
    if (depth > AI_SCHEMA_MAX_DEPTH) return `ai_schema must nest at most ${AI_SCHEMA_MAX_DEPTH} levels deep`;
    const entries = Array.isArray(value) ? value.map((item) => ['', item] as const) : Object.entries(value);
    for (const [key, item] of entries) {
      if ((key === '$ref' || key === '$dynamicRef') && ++refs > AI_SCHEMA_MAX_REFS) return `ai_schema must have at most ${AI_SCHEMA_MAX_REFS} references`;
      stack.push({ value: item, depth: depth + 1 });
    }
  }
  return null;
}

/**
 * A validator for one schema. One ajv instance per schema: a caller's `$id` can never meet another caller's, and
 * nothing accumulates. Unknown keywords are annotations (the standard's rule, not ajv's strict mode); no remote `$ref`
 * is ever loaded. `inlineRefs: false`: a referenced schema is compiled once and called, never copied into each place
 * that names it (copying made compiling quadratic: 12.8 MB of code from 7,000 characters).
 */
export function compileAnswerSchema(schema: JsonSchemaObject): ValidateFunction {
  const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false, inlineRefs: false, code: { regExp: linearRegExp } });
  addFormats(ajv);
  return ajv.compile(schema);
}

/** The model's answer parsed (a Markdown code fence around it tolerated) and validated. */
export function checkAnswer(answer: string, validate: ValidateFunction): CheckedAnswer {
  let value: unknown;
  try {
    value = JSON.parse(unfenced(answer));
  } catch (error) {
    return { ok: false, violations: [{ path: '', message: `is not valid JSON (${(error as Error).message})` }] };
  }
  if (validate(value)) return { ok: true, value };
  return { ok: false, violations: (validate.errors ?? []).map(violation) };
}

function violation(error: ErrorObject): SchemaViolation {
  return { path: error.instancePath, message: error.message ?? error.keyword };
}

/**
 * The JSON inside a Markdown fence the model may have written around it (```json ... ```), cut without a regex over
 * the body: the answer is text a page can steer, and a backtracking pattern over a long unclosed fence is quadratic.
 */
function unfenced(answer: string): string {
  const text = answer.trim();
  if (!text.startsWith('```') || !text.endsWith('```') || text.length < 6) return answer;
  const opening = text.indexOf('\n');
  const closing = text.lastIndexOf('\n');
  if (opening < 0 || closing <= opening || !/^```(?:json)?\s*$/i.test(text.slice(0, opening)) || text.slice(closing + 1).trim() !== '```') return answer;
  return text.slice(opening + 1, closing);
}
