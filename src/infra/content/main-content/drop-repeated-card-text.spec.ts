import { parseDocument } from '../parse-document.js';
import { dropRepeatedCardText } from './drop-repeated-card-text.js';
import { measureText } from './text-stats.js';

/** The text left of the body's content once the pass has run, whitespace collapsed. */
function kept(body: string): string {
  const document = parseDocument(`<body>${body}</body>`);
  dropRepeatedCardText(document.body, measureText(document.body));
  return (document.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

const card = (name: string, price: string) =>
  `<li><a href="/p"><span>${name}</span></a> <div><div><div><div><div><span>${price}</span> <span><span>${name}</span></span></div></div></div></div></div></li>`;

describe('dropRepeatedCardText', () => {
  it('says a card item name once, even when the title sits deeper than the link laid over the card', () => {
    expect(kept(`<ul>${card('Marcy Folding Treadmill', '$596.98')}${card('Centr Dumbbell Weight Set', '$379.99')}</ul>`)).toBe(
      'Marcy Folding Treadmill $596.98 Centr Dumbbell Weight Set $379.99',
    );
  });

  it('keeps short repeats, the cells of a table and a repeat outside any small card', () => {
    expect(kept('<div><span>New</span> <span>New</span></div>')).toBe('New New');
    expect(kept('<table><tr><td>Not specified</td> <td>Not specified</td></tr></table>')).toBe('Not specified Not specified');
    expect(kept('<p>When <code>File::open</code> fails, <code>File::open</code> answers an error.</p>')).toBe('When File::open fails, File::open answers an error.');
    const prose = `<p>${'The trail climbs through larch and pine to the ridge. '.repeat(14)}</p>`;
    expect(kept(`<section><h2>Trail notes today</h2>${prose}<h2>Trail notes today</h2></section>`).split('Trail notes today')).toHaveLength(3);
  });
});
