import { describe, expect, it } from '@jest/globals';
import { parseDocument } from '../parse-document.js';
import { rendersNothing } from './renders-nothing.js';

describe('rendersNothing', () => {
  it('is true of a skipped tag, a hidden element and a code block\'s copy widget, false of content', () => {
    const document = parseDocument(`<body><script id="s">x</script><p id="h" hidden>x</p><p id="n" style="display:none">x</p>
      <div class="highlight"><button id="w" class="copybtn">Copy</button><pre>x</pre></div><p id="p">text</p></body>`);
    const of = (id: string) => rendersNothing(document.getElementById(id)!);
    expect(['s', 'h', 'n', 'w', 'p'].map(of)).toEqual([true, true, true, true, false]);
  });
});
