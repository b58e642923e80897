import { parseDocument } from '../../../src/infra/content/parse-document.js';
import { measureText, type TextStatsMap } from '../../../src/infra/content/main-content/text-stats.js';

/** The ids left under a `#root` holding `body` once a main-content step ran on it (its stats measured on the root). */
export function idsLeftBy(step: (root: Element, stats: TextStatsMap) => void, body: string): string[] {
  const root = parseDocument(`<body><div id="root">${body}</div></body>`).getElementById('root')!;
  step(root, measureText(root));
  return [...root.querySelectorAll('[id]')].map((element) => element.id);
}
