import { idsLeftBy } from '../../../../test/unit/support/step-ids.js';
import { parseDocument } from '../parse-document.js';
import { dropRepeatedBlocks, inKept, KEPT } from './drop-repeated-blocks.js';

const drop = (body: string): string[] => idsLeftBy((root) => dropRepeatedBlocks(root), body);
const NOTE = 'Color and model availability may vary by country.';

describe('dropRepeatedBlocks', () => {
  it('drops a block that an earlier block said already (whitespace and case aside), keeping the first', () => {
    expect(drop(`<div id="wide"><p id="a">${NOTE}</p><p id="b">Ships in a week.</p></div><div id="narrow"><p id="c">  ${NOTE.toUpperCase()} </p></div>`))
      .toEqual(['wide', 'a', 'b', 'narrow']);
  });

  it('keeps short repeats, quotes, code, cells, headings, tab panels and blocks holding other blocks', () => {
    const body = `<p id="p1">$20.00</p><p id="p2">$20.00</p><p id="q0">${NOTE}</p><blockquote id="q"><p id="q1">${NOTE}</p></blockquote>
      <pre id="pre">${NOTE}</pre><table><tr><td id="td">${NOTE}</td></tr></table><h2 id="h">${NOTE}</h2>
      <div role="tabpanel" id="tab"><p id="t1">${NOTE}</p></div><div id="outer"><p id="inner">Another sentence that is long enough.</p></div>`;
    expect(drop(body)).toEqual(['p1', 'p2', 'q0', 'q', 'q1', 'pre', 'td', 'h', 'tab', 't1', 'outer', 'inner']);
  });
});

describe('inKept (closest(KEPT) without the selector engine)', () => {
  it('answers as closest(KEPT) on every element, the element itself included', () => {
    const document = parseDocument(`<body><div><BLOCKQUOTE><p id="a">x</p></BLOCKQUOTE><div role="tabpanel"><span>y</span></div>
      <div role="TabPanel"><p>z</p></div><table><tr><TD><b>c</b></TD></tr></table><h3><i>h</i></h3><pre>p</pre><p>q</p></div></body>`);
    const elements = [...document.body.querySelectorAll('*')];
    expect(elements.map((element) => inKept(element))).toEqual(elements.map((element) => element.closest(KEPT) !== null));
    expect(elements.filter((element) => inKept(element)).length).toBeGreaterThan(6);
  });
});
