import { EXTRACT_LIMITS } from './rule.js';
import { characterCount } from '../../../common/validation/max-characters.js';
import type { ExtractRule, ExtractRules, RuleOutput } from './rule.js';
import { isBrowserSelector } from '../css-selectors.js';

/** The rules, or the one message that says what is wrong with the text (a 422 on `extract`). */
export type CompiledExtract = { readonly ok: true; readonly rules: ExtractRules } | { readonly ok: false; readonly error: string };

const RULE_KEYS = ['selector', 'type', 'output', 'fields'];
const NAMED_OUTPUTS: readonly string[] = ['text', 'html', 'markdown'];
// An HTML attribute name: no spaces, quotes, `>`, `/`, `=` or control characters.
const ATTRIBUTE_OUTPUT = /^@[^\s"'>/=\p{Cc}]+$/u;

class RuleError extends Error {}

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** decisions.md 8.2: parses and checks the `extract` parameter, bounds included, without touching any page. */
export function compileRules(text: string): CompiledExtract {
  if (characterCount(text) > EXTRACT_LIMITS.maxChars) return failure(`extract must be at most ${EXTRACT_LIMITS.maxChars} characters`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return failure('extract must be valid JSON');
  }
  if (!isObject(parsed)) return failure('extract must be a JSON object mapping names to rules');
  try {
    return { ok: true, rules: compileMap(parsed, 1, [], { rules: 0 }) };
  } catch (error) {
    if (error instanceof RuleError) return failure(error.message);
    throw error;
  }
}

function failure(error: string): CompiledExtract {
  return { ok: false, error };
}

function compileMap(map: JsonObject, depth: number, path: readonly string[], counter: { rules: number }): ExtractRules {
  return Object.entries(map).map(([name, raw]) => [name, compileRule(raw, depth, [...path, name], counter)] as const);
}

function compileRule(raw: unknown, depth: number, path: readonly string[], counter: { rules: number }): ExtractRule {
  const where = `rule ${JSON.stringify(path.join('.'))}`;
  if (depth > EXTRACT_LIMITS.maxDepth) throw new RuleError(`${where} is nested ${depth} deep; at most ${EXTRACT_LIMITS.maxDepth} levels`);
  counter.rules += 1;
  if (counter.rules > EXTRACT_LIMITS.maxRules) throw new RuleError(`extract may hold at most ${EXTRACT_LIMITS.maxRules} rules, nested ones counted`);
  if (typeof raw === 'string') return { selector: checkedSelector(raw, where), list: false, output: 'text', fields: null };
  if (!isObject(raw)) throw new RuleError(`${where} must be a CSS selector string or an object with "selector"`);
  const unknown = Object.keys(raw).find((key) => !RULE_KEYS.includes(key));
  if (unknown !== undefined) throw new RuleError(`${where} has an unknown key ${JSON.stringify(unknown)} (allowed: ${RULE_KEYS.join(', ')})`);
  if (raw.selector === undefined) throw new RuleError(`${where} has no "selector"`);
  if (typeof raw.selector !== 'string') throw new RuleError(`${where}: "selector" must be a string`);
  return {
    selector: checkedSelector(raw.selector, where),
    list: listType(raw.type, where),
    output: output(raw.output, where),
    fields: fields(raw, depth, path, counter, where),
  };
}

function checkedSelector(selector: string, where: string): string {
  // css-select takes an empty selector; a browser does not.
  if (selector.trim() === '' || !isBrowserSelector(selector)) throw new RuleError(`${where}: ${JSON.stringify(selector)} is not a CSS selector that can be parsed`);
  return selector;
}

function listType(type: unknown, where: string): boolean {
  if (type === undefined || type === 'item') return false;
  if (type === 'list') return true;
  throw new RuleError(`${where} has an unknown type ${JSON.stringify(type)} (item or list)`);
}

function output(value: unknown, where: string): RuleOutput {
  if (value === undefined) return 'text';
  if (typeof value === 'string' && NAMED_OUTPUTS.includes(value)) return value as RuleOutput;
  // HTML attribute names are case-insensitive; the parser keeps them lower-case.
  if (typeof value === 'string' && ATTRIBUTE_OUTPUT.test(value)) return value.toLowerCase() as RuleOutput;
  throw new RuleError(`${where} has an unknown output ${JSON.stringify(value)} (text, html, markdown or @<attribute>)`);
}

function fields(raw: JsonObject, depth: number, path: readonly string[], counter: { rules: number }, where: string): ExtractRules | null {
  if (raw.fields === undefined) return null;
  if (!isObject(raw.fields)) throw new RuleError(`${where}: "fields" must be an object mapping names to rules`);
  // With fields the value is an object, whatever a (valid) `output` beside them says: decisions 8.2's grammar allows
  // the four keys together, and its list of refusals does not name this one.
  return compileMap(raw.fields, depth + 1, path, counter);
}
