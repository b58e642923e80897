/**
 * WCXB's measure, ported from its evaluate.py: word-bag F1 over lower-case `\w+` tokens (Python's Unicode `\w`:
 * letters, digits and the underscore; combining marks split words there too), multiset overlap.
 */
const WORD = /[\p{L}\p{N}_]+/gu;

export interface WordScore {
  readonly precision: number;
  readonly recall: number;
  readonly f1: number;
}

export function tokenize(text: string): string[] {
  return text ? (text.toLowerCase().match(WORD) ?? []) : [];
}

export function wordF1(predicted: string, reference: string): WordScore {
  const predictedTokens = tokenize(predicted);
  const referenceTokens = tokenize(reference);
  if (referenceTokens.length === 0) return predictedTokens.length === 0 ? score(1, 1) : score(0, 0);
  if (predictedTokens.length === 0) return score(0, 0);
  const available = counts(referenceTokens);
  let overlap = 0;
  for (const token of predictedTokens) {
    const left = available.get(token) ?? 0;
    if (left > 0) {
      overlap += 1;
      available.set(token, left - 1);
    }
  }
  return score(overlap / predictedTokens.length, overlap / referenceTokens.length);
}

/** The share of snippets found, case-insensitively, in the text (1 when there are none). */
export function snippetRate(text: string, snippets: readonly string[]): number {
  if (snippets.length === 0) return 1;
  const lower = text.toLowerCase();
  return snippets.filter((snippet) => lower.includes(snippet.toLowerCase())).length / snippets.length;
}

function counts(tokens: readonly string[]): Map<string, number> {
  const map = new Map<string, number>();
  for (const token of tokens) map.set(token, (map.get(token) ?? 0) + 1);
  return map;
}

function score(precision: number, recall: number): WordScore {
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1 };
}
