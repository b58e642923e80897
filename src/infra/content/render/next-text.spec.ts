import { describe, expect, it } from '@jest/globals';
import { parseDocument } from '../parse-document.js';
import { nextTextStart } from './next-text.js';

/** The first text node of the element with id `at`. */
function textIn(html: string): Node {
  const document = parseDocument(`<html><body>${html}</body></html>`);
  return document.getElementById('at')!.firstChild!;
}

describe('nextTextStart', () => {
  it.each([
    ['the next text, through inline elements', '<p><span id="at">[x]</span><b><i>(y)</i></b></p>', '('],
    ['a space for white space', '<p><span id="at">[x]</span> (y)</p>', ' '],
    ['nothing past the end of its block', '<div><p id="at">[x]</p>(y)</div>', ''],
    ['a line break or a block', '<p><span id="at">[x]</span><br>(y)</p>', '\n'],
    ['`[` for a link', '<p><span id="at">Hi!</span><a href="/l">x</a></p>', '['],
    ['`!` for an image', '<p><span id="at">a</span><img src="/i.png" alt="(y)"></p>', '!'],
    ['past what the renderer skips', '<p><span id="at">[x]</span><script>z</script><span hidden>z</span>(y)</p>', '('],
  ])('reads %s', (_what, html, expected) => {
    expect(nextTextStart(textIn(html))).toBe(expected);
  });
});
