import { documentBaseUrl } from '../document-base.js';
import { OutputBudget } from './output-budget.js';
import { readOutput } from './read-output.js';
import type { MarkdownRenderer } from './read-output.js';
import { EXTRACT_LIMITS } from './rule.js';
import type { ExtractRule, ExtractRules } from './rule.js';

export interface EvaluateOptions {
  /** The page's final URL. */
  readonly pageUrl: string;
  /** The most the extracted JSON may take (UTF-8 bytes): MAX_PAGE_BYTES. */
  readonly maxBytes: number;
  readonly markdown: MarkdownRenderer;
}

interface Evaluation {
  readonly baseUrl: string;
  readonly budget: OutputBudget;
  readonly markdown: MarkdownRenderer;
}

type Scope = Document | Element;

/**
 * decisions.md 8.2: runs compiled rules over a parsed document and answers `data.extracted`. Throws
 * ExtractTooLargeError the moment the result would pass `maxBytes`.
 */
export function evaluateRules(document: Document, rules: ExtractRules, options: EvaluateOptions): Record<string, unknown> {
  const evaluation = { baseUrl: documentBaseUrl(document, options.pageUrl), budget: new OutputBudget(options.maxBytes), markdown: options.markdown };
  return evaluateMap(document, rules, evaluation);
}

function evaluateMap(scope: Scope, rules: ExtractRules, evaluation: Evaluation): Record<string, unknown> {
  evaluation.budget.container();
  // fromEntries defines own properties, so a rule named "__proto__" is a plain member.
  return Object.fromEntries(
    rules.map(([name, rule], index) => {
      evaluation.budget.member(name, index);
      return [name, evaluateRule(scope, rule, evaluation)];
    }),
  );
}

function evaluateRule(scope: Scope, rule: ExtractRule, evaluation: Evaluation): unknown {
  if (!rule.list) {
    const match = scope.querySelector(rule.selector);
    return match ? valueOf(match, rule, evaluation) : evaluation.budget.value(null);
  }
  const matches = firstMatches(scope, rule.selector);
  evaluation.budget.container();
  return matches.map((match, index) => {
    evaluation.budget.entry(index);
    return valueOf(match, rule, evaluation);
  });
}

function valueOf(element: Element, rule: ExtractRule, evaluation: Evaluation): unknown {
  if (rule.fields) return evaluateMap(element, rule.fields, evaluation);
  return evaluation.budget.value(readOutput(element, rule.output, evaluation.baseUrl, evaluation.markdown));
}

/** At most maxListEntries matches in document order: references to the parsed nodes, no copies. */
function firstMatches(scope: Scope, selector: string): Element[] {
  const all = scope.querySelectorAll(selector);
  const count = Math.min(all.length, EXTRACT_LIMITS.maxListEntries);
  const kept: Element[] = [];
  for (let index = 0; index < count; index += 1) kept.push(all[index]);
  return kept;
}
