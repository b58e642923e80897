import { parseDocument } from '../parse-document.js';
import { revealStreamedContent } from './reveal-streamed-content.js';

describe('revealStreamedContent', () => {
  it('unhides React streamed boundaries and nothing else', () => {
    const document = parseDocument('<body><div hidden id="S:0">Sofas</div><div hidden id="S:x">a</div><div hidden id="menu">b</div><p hidden id="S:1">c</p></body>');
    revealStreamedContent(document.body);
    expect([...document.querySelectorAll('[hidden]')].map((element) => element.id)).toEqual(['S:x', 'menu', 'S:1']);
  });
});
