import { parseDocument } from '../../../src/infra/content/parse-document.js';
import { measureText, type TextStatsMap } from '../../../src/infra/content/main-content/text-stats.js';

/** The element a main-content step picks in `<body>${body}</body>`: its id, else its tag name. */
export function pickedBy(step: (root: Element, stats: TextStatsMap) => Element, body: string): string {
  const document = parseDocument(`<body>${body}</body>`);
  const picked = step(document.body, measureText(document.body));
  return picked.id || picked.localName;
}
