import { describe, expect, it } from '@jest/globals';
import { bodyRenderers } from '../../../../test/unit/support/render-body.js';

const { markdown, text } = bodyRenderers('https://example.com/base/page');

describe('a code block\'s text, as the browser shows it (decisions.md 8.1)', () => {
  it('breaks its lines at each <br> (nl2br output, highlighters)', () => {
    expect(markdown('<pre><code>a = 1<br>b = 2<br/>\n  c = 3</code></pre>')).toBe('```\na = 1\nb = 2\n\n  c = 3\n```');
    expect(text('<pre>a = 1<br>b = 2</pre>')).toBe('a = 1\nb = 2');
  });

  it('leaves out what renders nothing inside it: hidden text, a copy widget', () => {
    expect(markdown('<pre><span style="display:none">$ </span>npm i<span hidden>secret</span><button class="copybtn">Copy</button></pre>')).toBe('```\nnpm i\n```');
  });

  it('sizes its fence on the text shown: backticks after a <br> start a line', () => {
    expect(markdown('<pre>x<br>```<br>y</pre>')).toBe('````\nx\n```\ny\n````');
  });
});
