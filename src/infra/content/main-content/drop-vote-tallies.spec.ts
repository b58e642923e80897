import { idsLeftBy } from '../../../../test/unit/support/step-ids.js';
import { dropVoteTallies } from './drop-vote-tallies.js';

const drop = (body: string): string[] => idsLeftBy(dropVoteTallies, body);

describe('dropVoteTallies', () => {
  it('drops a post\'s vote count and its author\'s reputation and badges, and keeps the name and the date', () => {
    const votes = '<div id="votes"><div id="count" itemprop="upvoteCount">67</div></div>';
    const flair = `<div id="flair"><span id="rep">23.8k</span><span title="14 gold badges"><span>14</span></span><span>14 gold badges</span>
      <span title="88 silver badges"><span>88</span></span><span>88 silver badges</span></div>`;
    const card = `<div id="card"><span id="asked">asked Jun 29, 2012 at 10:51</span><a id="name" href="/u/1">Pup</a>${flair}</div>`;
    expect(drop(`${votes}<p id="post">You can use AutoHotkey.</p>${card}`)).toEqual(['votes', 'post', 'card', 'asked', 'name']);
  });

  it('drops an interaction counter that prints a count and its word (Discourse\'s likes), not one that says more', () => {
    const likes = '<div id="likes" itemprop="interactionStatistic"><span>7 Likes</span></div>';
    const more = '<div id="more" itemprop="interactionStatistic">Liked by Ann and 6 others</div>';
    expect(drop(`<p id="post">They are the minority.</p>${likes}${more}`)).toEqual(['post', 'more']);
  });

  it('keeps a vote property that holds more than a number, and prose about badges', () => {
    const odd = '<div id="odd" itemprop="upvoteCount">Be the first to vote</div>';
    const prose = '<p id="p">Gold badges are rare: 14 gold badges took me 10 years.</p>';
    expect(drop(`${odd}${prose}`)).toEqual(['odd', 'p']);
  });
});
