import { parseDocument } from '../parse-document.js';
import { findOutsideDescription } from './find-outside-description.js';
import { measureText } from './text-stats.js';

const PROSE = `<p>${'Our charcoal grills sear the steak and smoke the ribs, season after season. '.repeat(8)}</p>`;

/** The id of the description found outside `#root`, or null. */
function found(body: string): string | null {
  const document = parseDocument(`<body>${body}</body>`);
  const root = document.getElementById('root')!;
  return findOutsideDescription(root, document.body, measureText(document.body))?.id ?? null;
}

describe('findOutsideDescription', () => {
  it('finds a long prose block named a description lying outside the chosen container', () => {
    expect(found(`<main id="root"><h1>Grills</h1></main><div class="wrap"><div id="d" class="row description_longue">${PROSE}</div></div>`)).toBe('d');
    expect(found(`<div id="d" class="category-description">${PROSE}</div><main id="root">Grills</main>`)).toBe('d');
    expect(found(`<main id="root">Lenses</main><section id="d" class="seo-text">${PROSE}</section>`)).toBe('d');
  });

  it('leaves a description inside or around the container, a short or linked one, and an author biography', () => {
    expect(found(`<main id="root"><div class="description">${PROSE}</div></main>`)).toBeNull();
    expect(found(`<div class="description"><main id="root">${PROSE}</main></div>`)).toBeNull();
    expect(found(`<main id="root">Grills</main><div class="description"><p>Charcoal grills, all brands.</p></div>`)).toBeNull();
    expect(found(`<main id="root">Grills</main><div class="description"><p><a href="/a">${PROSE}</a></p></div>`)).toBeNull();
    expect(found(`<main id="root">Grills</main><div class="the-author"><div class="description">${PROSE}</div></div>`)).toBeNull();
    expect(found(`<main id="root">Grills</main><div class="authorbox__description">${PROSE}</div>`)).toBeNull();
    expect(found(`<main id="root">Grills</main><div class="description-mobile">${PROSE}</div>`)).toBeNull();
  });
});
