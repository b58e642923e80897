import { idsLeftBy } from '../../../../test/unit/support/step-ids.js';
import { dropPostAuthorChrome } from './drop-post-author-chrome.js';

const drop = (body: string): string[] => idsLeftBy((root) => dropPostAuthorChrome(root), body);

describe('dropPostAuthorChrome', () => {
  it('drops a XenForo post\'s member title, banner, icon statistics and post number, keeping the name, date and post', () => {
    const user = `<section id="user"><h4 id="name">Pippin06</h4><h5 id="title" class="userTitle message-userTitle">Well-known member</h5>
      <div id="banner" class="userBanner">Moderator</div>
      <div id="extras" class="message-userExtras"><dl><dt><i><svg><title>Messages</title></svg></i></dt><dd>5,421</dd></dl></div></section>`;
    const head = `<header id="head"><ul id="main" class="message-attribution-main"><li id="date">Dec 30, 2023</li></ul>
      <ul id="opposite" class="message-attribution-opposite"><li>Share</li><li>#1</li></ul></header>`;
    expect(drop(`${user}${head}<p id="post">Do you plan on having a budget?</p>`)).toEqual(['user', 'name', 'head', 'main', 'date', 'post']);
  });

  it('drops the post count and join year of VerticalScope\'s message cards, and their "Discussion starter" mark', () => {
    const card = `<div id="card"><a id="name">JosephF</a><span id="starter" class="message-attribution-discussion-starter">Discussion starter</span>
      <div id="details" class="MessageCard__user-details"><span>410 posts</span> · <span>Joined 2002</span></div></div>`;
    expect(drop(`${card}<p id="post">I have a quite old JVC RS2.</p>`)).toEqual(['card', 'name', 'post']);
  });

  it('drops vBulletin\'s user title and Invision\'s author pane; keeps other pages\' titles', () => {
    const vbulletin = '<div id="vb"><a id="vname">Tom</a><div id="vtitle" class="usertitle">Senior Member</div></div>';
    const invision = `<aside id="ips"><h3 id="iname">Rabbids</h3><ul id="pane" class="cAuthorPane_info"><li id="group">Members</li></ul></aside>
      <div id="phone" class="cAuthorPane_mobile">Rabbids</div><div id="badges" class="ipsComment_badges"><strong>Author</strong></div>`;
    const other = '<h2 id="other" class="user-title">Our team</h2>';
    expect(drop(`${vbulletin}${invision}${other}`)).toEqual(['vb', 'vname', 'ips', 'iname', 'other']);
  });
});
