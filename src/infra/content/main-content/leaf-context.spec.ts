import { parseDocument } from '../parse-document.js';
import { inSentence, withinNamed } from './leaf-context.js';

const page = parseDocument(`<body><p id="p">What is <em id="word">new</em> this week</p>
  <div id="card"><span id="alone">New</span></div><table><tr><td><span id="cell">New</span></td></tr></table></body>`);
const byId = (id: string): Element => page.getElementById(id)!;

describe('leaf context', () => {
  it('tells a word of a sentence from a text standing alone', () => {
    expect(inSentence(byId('word'))).toBe(true);
    expect(inSentence(byId('alone'))).toBe(false);
  });

  it('finds a named ancestor, the leaf itself included', () => {
    expect(withinNamed(byId('cell'), new Set(['td']))).toBe(true);
    expect(withinNamed(byId('alone'), new Set(['td']))).toBe(false);
    expect(withinNamed(byId('word'), new Set(['em']))).toBe(true);
  });
});
