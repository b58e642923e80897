import { performance } from 'node:perf_hooks';
import { WcxbPage } from './dataset.js';
import { snippetRate, wordF1 } from './word-f1.js';

export interface PageResult {
  readonly id: string;
  readonly pageType: string;
  readonly precision: number;
  readonly recall: number;
  readonly f1: number;
  readonly withRate: number;
  readonly withoutRate: number;
  readonly milliseconds: number;
}

export interface Summary {
  readonly pages: number;
  readonly precision: number;
  readonly recall: number;
  readonly f1: number;
  readonly withRate: number;
  readonly withoutRate: number;
}

/** Extracts every page (timed) and scores it as evaluate.py does. */
export function evaluatePages(pages: readonly WcxbPage[], extract: (page: WcxbPage) => string): PageResult[] {
  return pages.map((page) => {
    const started = performance.now();
    const text = extract(page);
    const milliseconds = performance.now() - started;
    const { precision, recall, f1 } = wordF1(text, page.mainContent);
    return {
      id: page.id, pageType: page.pageType, precision, recall, f1, milliseconds,
      withRate: snippetRate(text, page.with), withoutRate: snippetRate(text, page.without),
    };
  });
}

/** Means over pages, as evaluate.py averages them. */
export function summarize(results: readonly PageResult[]): Summary {
  const mean = (pick: (result: PageResult) => number) => results.reduce((sum, result) => sum + pick(result), 0) / results.length;
  return {
    pages: results.length,
    precision: mean((result) => result.precision),
    recall: mean((result) => result.recall),
    f1: mean((result) => result.f1),
    withRate: mean((result) => result.withRate),
    withoutRate: mean((result) => result.withoutRate),
  };
}
