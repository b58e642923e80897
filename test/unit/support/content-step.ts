import { parseDocument } from '../../../src/infra/content/parse-document.js';
import { PageElements } from '../../../src/infra/content/main-content/page-elements.js';
import { measureText, type TextStatsMap } from '../../../src/infra/content/main-content/text-stats.js';

/** The element a main-content step picks in `<body>${body}</body>`, given the page's list as the select step gives it: its id, else its tag name. */
export function pickedBy(step: (root: Element, stats: TextStatsMap, page: PageElements) => Element, body: string): string {
  const document = parseDocument(`<body>${body}</body>`);
  const page = new PageElements();
  const picked = step(document.body, measureText(document.body, page), page);
  return picked.id || picked.localName;
}
