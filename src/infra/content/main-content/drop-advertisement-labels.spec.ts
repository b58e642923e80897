import { idsLeftBy } from '../../../../test/unit/support/step-ids.js';
import { dropAdvertisementLabels } from './drop-advertisement-labels.js';

const drop = (body: string): string[] => idsLeftBy(dropAdvertisementLabels, body);

describe('dropAdvertisementLabels', () => {
  it('drops an ad slot\'s label standing alone (the slot with it when it holds nothing else), and keeps the prose around it', () => {
    const post = `<div id="post"><p id="first">The first paragraph of the story.</p>
      <div id="slot"><span id="label">Advertisement - Page continues below</span></div>
      <small id="ad">Advertisement</small><p id="second">The second paragraph.</p></div>`;
    expect(drop(post)).toEqual(['post', 'first', 'second']);
  });

  it('keeps a sentence about advertisements', () => {
    expect(drop('<p id="a">Advertisement revenue fell by a third this year.</p>')).toEqual(['a']);
    expect(drop('<p id="b">Advertisement: the history of a trade, told by those who wrote its slogans for fifty years.</p>')).toEqual(['b']);
  });
});
