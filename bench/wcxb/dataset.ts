import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

/** One WCXB page: `html/<id>.html.gz` and `ground-truth/<id>.json`, read as evaluate.py reads them. */
export interface WcxbPage {
  readonly id: string;
  readonly url: string;
  readonly html: string;
  readonly pageType: string;
  readonly mainContent: string;
  readonly with: readonly string[];
  readonly without: readonly string[];
}

interface GroundTruthFile {
  url?: string;
  ground_truth?: { main_content?: string | null; with?: string[] | null; without?: string[] | null } | null;
  _internal?: { page_type?: { primary?: string } | string | null } | null;
}

const DEFAULT_URL = 'https://example.com/';

/** The pages of a split folder that have both a ground truth and an HTML file, by id. */
export function loadWcxbPages(dir: string): WcxbPage[] {
  const ids = readdirSync(join(dir, 'ground-truth'))
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length))
    .sort();
  return ids.flatMap((id) => {
    const truth = JSON.parse(readFileSync(join(dir, 'ground-truth', `${id}.json`), 'utf8')) as GroundTruthFile;
    const gt = truth.ground_truth;
    if (!gt || typeof gt !== 'object') return [];
    const html = gunzipSync(readFileSync(join(dir, 'html', `${id}.html.gz`))).toString('utf8');
    return [{
      id,
      url: truth.url || DEFAULT_URL,
      html,
      pageType: pageType(truth),
      mainContent: gt.main_content ?? '',
      with: gt.with ?? [],
      without: gt.without ?? [],
    }];
  });
}

function pageType(truth: GroundTruthFile): string {
  const value = truth._internal?.page_type;
  const primary = typeof value === 'string' ? value : value && typeof value === 'object' ? (value.primary ?? 'article') : 'article';
  return primary === 'category' ? 'collection' : primary;
}
