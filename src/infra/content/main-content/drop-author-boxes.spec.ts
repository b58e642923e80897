import { idsLeftBy } from '../../../../test/unit/support/step-ids.js';
import { dropAuthorBoxes } from './drop-author-boxes.js';

const PROSE = `<p id="story">${'Prose of the story that is long enough to matter. '.repeat(12)}</p>`;

const ids = (body: string): string[] => idsLeftBy(dropAuthorBoxes, body);

describe('dropAuthorBoxes', () => {
  it('drops a box opened by an "About the Author" or "About the Reviewer:" heading, whatever its classes', () => {
    expect(ids(`${PROSE}<div id="a" class="bg-blue-50 px-4"><h2 id="ah">About the Author</h2><p id="bio">Ann Lee edits the letter.</p></div>
      <section id="r"><h3>About the reviewer:</h3><p>Bob Ray, MD, reviewed it.</p></section>`)).toEqual(['story']);
  });

  it('reads a plain title too, and climbs from a layout column that holds the title alone to its row', () => {
    expect(ids(`${PROSE}<div id="a" class="about_author"><div id="t">About the Author</div><p>Geri writes on networks.</p></div>`)).toEqual(['story']);
    expect(ids(`${PROSE}<div id="row"><div id="col"><h2>About The Author</h2></div><div id="bio"><p>Amy Roeder writes.</p></div></div>`))
      .toEqual(['story']);
  });

  it('keeps a heading that does not open its box, other headings, and a box that is most of the content', () => {
    expect(ids(`${PROSE}<div id="side"><p id="lead">Meet the team.</p><h2 id="h">About the Author</h2></div>
      <div id="us"><h2>About the Company</h2><p>We make things.</p></div>`)).toEqual(['story', 'side', 'lead', 'h', 'us']);
    expect(ids(`<div id="page"><h2>About the Author</h2>${PROSE}</div>`)).toEqual(['page', 'story']);
  });
});
