import { parseDocument } from '../parse-document.js';
import { ContentElements } from './content-elements.js';
import { standaloneLabels } from './standalone-labels.js';
import { measureText } from './text-stats.js';

const LABEL = { names: new Set(['div', 'span', 'p']), maxChars: 20, text: /^sponsored$/i };

function labelIds(body: string): string[] {
  const root = parseDocument(`<body><div id="root">${body}</div></body>`).getElementById('root')!;
  return standaloneLabels(new ContentElements(root), measureText(root), LABEL).map((element) => element.id);
}

describe('standaloneLabels', () => {
  it('finds an element whose whole text is the label, the outermost of a nest only', () => {
    expect(labelIds('<div id="box"><span id="inner"> Sponsored </span></div><p id="p">SPONSORED</p>')).toEqual(['box', 'p']);
  });

  it('skips other names, longer text, a sentence that says the label, and empty elements', () => {
    const body = '<em id="em">Sponsored</em><p id="long">Sponsored by the city council of a town</p><p id="s">This post is sponsored</p><div id="e"></div>';
    expect(labelIds(body)).toEqual([]);
  });
});
