/** decisions.md 8.2: the bounds of an `extract` rule map. */
export const EXTRACT_LIMITS = {
  /** Characters of the `extract` JSON text. */
  maxChars: 10_000,
  /** Rules in all, nested ones counted. */
  maxRules: 50,
  /** A top-level rule is depth 1, a rule in its `fields` depth 2. */
  maxDepth: 3,
  /** Entries of one list. */
  maxListEntries: 1_000,
} as const;

/** `text` (textContent, trimmed), `html` (outer HTML), `markdown` (8.1's Markdown, trimmed) or `@<attribute>`. */
export type RuleOutput = 'text' | 'html' | 'markdown' | `@${string}`;

/** One compiled rule: plain data, so a job row can carry it from the API to the worker. */
export interface ExtractRule {
  readonly selector: string;
  readonly list: boolean;
  readonly output: RuleOutput;
  /** With fields, each match is the scope of its fields and the value is an object. */
  readonly fields: ExtractRules | null;
}

/** Named rules in the order the caller wrote them. */
export type ExtractRules = ReadonlyArray<readonly [name: string, rule: ExtractRule]>;
