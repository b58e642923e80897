import { idsLeftBy } from '../../../../test/unit/support/step-ids.js';
import { dropMemberStats } from './drop-member-stats.js';

const drop = (body: string): string[] => idsLeftBy(dropMemberStats, body);

describe('dropMemberStats', () => {
  it('drops the statistics of a post\'s author card: term lists (one pair a list too) and label lines', () => {
    const xenforo = `<div id="user"><h4 id="name">boobaloobie</h4><div id="extras"><dl id="j"><dt>Joined</dt><dd>Jun 29, 2016</dd></dl>
      <dl id="m"><dt>Messages</dt><dd>11</dd></dl><dl id="r"><dt>Reaction score</dt><dd>10</dd></dl></div></div>`;
    const phpbb = '<dl id="profile"><dt id="author">pnomes</dt><dd id="rank">Senator</dd><dd id="posts"><strong>Posts:</strong> 4032</dd><dd id="joined"><strong>Joined:</strong> Dec 11, 2021</dd></dl>';
    expect(drop(`${xenforo}<p id="post">I heard that Cincinnati has sent invitations.</p>${phpbb}`)).toEqual(['user', 'name', 'extras', 'post', 'profile', 'author', 'rank']);
  });

  it('drops the statistics of a card whose whole text is short enough to read as one statistic', () => {
    const vbulletin = '<div id="card"><div id="j">Join Date: <b>Aug 2008</b></div><div id="l">Location: <b>SIN</b></div><div id="p">Posts: <b>1,077</b></div></div>';
    expect(drop(vbulletin)).toEqual(['card', 'l']);
  });

  it('keeps a single such line, and longer text that starts with a label', () => {
    const one = '<div id="card"><dl id="l"><dt id="t">Location</dt><dd id="d">Lisbon</dd></dl></div>';
    const prose = '<p id="p1">Posts: we read every one of them before we answer, and the thread is the place to ask.</p><p id="p2">Joined: yes.</p>';
    expect(drop(`${one}<div id="text">${prose}</div>`)).toEqual(['card', 'l', 't', 'd', 'text', 'p1', 'p2']);
  });
});
