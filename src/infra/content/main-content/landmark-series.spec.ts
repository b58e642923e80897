import { parseDocument } from '../parse-document.js';
import { landmarkSeries } from './landmark-series.js';
import { measureText } from './text-stats.js';

const CARD = '<a href="/r">Seven weeknight casseroles our readers make again and again</a>';

function page(html: string): { main: Element; named: Element[]; stats: ReturnType<typeof measureText> } {
  const document = parseDocument(`<html><body>${html}</body></html>`);
  const body = document.querySelector('body')!;
  return { main: document.querySelector('main')!, named: [...document.querySelectorAll('.named')], stats: measureText(body) };
}

describe('landmarkSeries', () => {
  it('keeps rails named by one word when together they fill the main landmark (a listing of recirculation lists)', () => {
    const lists = Array.from({ length: 4 }, () => `<div><ul class="named tax__recirc-list"><li>${CARD}</li><li>${CARD}</li></ul></div>`).join('');
    const { main, named, stats } = page(`<main><h1>Dinner recipes</h1>${lists}</main>`);
    expect(landmarkSeries(named, main, stats)).toEqual(named);
  });

  it('keeps nothing when the rails are a small share beside the landmark prose (an article and its related links)', () => {
    const prose = `<p>${'The casserole bakes for forty minutes until the top is golden and crisp. '.repeat(12)}</p>`;
    const rails = Array.from({ length: 3 }, () => `<div class="named related">${CARD}</div>`).join('');
    const { main, named, stats } = page(`<main>${prose}${rails}</main>`);
    expect(landmarkSeries(named, main, stats)).toEqual([]);
  });

  it('keeps nothing for fewer than three rails, for other words, or outside the landmark', () => {
    const two = page(`<main><div class="named recirc">${CARD}</div><div class="named recirc">${CARD}</div></main>`);
    expect(landmarkSeries(two.named, two.main, two.stats)).toEqual([]);
    const headers = page(`<main>${`<section class="named section-with-header">${CARD}</section>`.repeat(3)}</main>`);
    expect(landmarkSeries(headers.named, headers.main, headers.stats)).toEqual([]);
    const outside = page(`<main><p>Short.</p></main><footer>${`<div class="named related">${CARD}</div>`.repeat(3)}</footer>`);
    expect(landmarkSeries(outside.named, outside.main, outside.stats)).toEqual([]);
  });
});
