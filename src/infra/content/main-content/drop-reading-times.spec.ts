import { idsLeftBy } from '../../../../test/unit/support/step-ids.js';
import { dropReadingTimes } from './drop-reading-times.js';

const drop = (body: string): string[] => idsLeftBy(dropReadingTimes, body);

describe('dropReadingTimes', () => {
  it('drops a reading-time estimate standing alone, and keeps the date and the title beside it', () => {
    const card = `<div id="card"><h3 id="title">Scaling the edge</h3><span id="date">Mar 4, 2025</span>
      <span id="time"><span id="inner">5 min read</span></span><p id="other">Reading time: 4 min.</p></div>`;
    expect(drop(card)).toEqual(['card', 'title', 'date']);
  });

  it('keeps a sentence that mentions one', () => {
    expect(drop('<p id="sentence">It takes a 5 min read to learn the basics.</p>')).toEqual(['sentence']);
  });
});
