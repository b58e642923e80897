import { parseDocument } from '../parse-document.js';
import { isStreamedBoundary, revealStreamedBoundary } from './reveal-streamed-content.js';

describe('streamed content', () => {
  it('recognizes React streamed boundaries and nothing else', () => {
    const document = parseDocument('<body><div hidden id="S:0">Sofas</div><div hidden id="S:x">a</div><div hidden id="menu">b</div><p hidden id="S:1">c</p><div id="S:2">d</div></body>');
    expect([...document.body.children].filter(isStreamedBoundary).map((element) => element.id)).toEqual(['S:0']);
  });

  it('reveals a boundary in place', () => {
    const document = parseDocument('<body><div hidden id="S:0">Sofas</div></body>');
    revealStreamedBoundary(document.getElementById('S:0')!);
    expect(document.body.innerHTML).toBe('<div id="S:0">Sofas</div>');
  });
});
