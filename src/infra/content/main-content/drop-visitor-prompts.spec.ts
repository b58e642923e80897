import { idsLeftBy } from '../../../../test/unit/support/step-ids.js';
import { dropVisitorPrompts } from './drop-visitor-prompts.js';

const drop = (body: string): string[] => idsLeftBy((root) => dropVisitorPrompts(root), body);

describe('dropVisitorPrompts', () => {
  it('drops Stack Exchange\'s notice under the answers and XenForo\'s script warning, keeping the posts', () => {
    const answers = '<div id="answer"><p id="text">Try Ctrl+Tab, that should do it.</p></div>';
    const notice = `<h2 id="must" class="js-bottom-notice">You must log in to answer this question.</h2>
      <div id="boxes" class="js-bottom-notice d-flex"><p id="ask">Start asking to get answers</p><p id="tags">Explore related questions</p></div>`;
    const warning = '<div id="warning" class="blockMessage blockMessage--important u-noJsOnly">JavaScript is disabled.</div>';
    expect(drop(`${warning}${answers}${notice}`)).toEqual(['answer', 'text']);
  });

  it('drops Webflow\'s form outcomes, keeping the form\'s text', () => {
    const form = `<div id="form" class="w-form"><p id="ask">Tell us about your project.</p>
      <div id="done" class="w-form-done">Thank you! Your submission has been received!</div><div id="fail" class="w-form-fail">Oops! Something went wrong.</div></div>`;
    expect(drop(form)).toEqual(['form', 'ask']);
  });
});
