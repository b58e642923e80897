import { describe, expect, it } from '@jest/globals';
import { documentBody, parseDocument } from './parse-document.js';

const bodyChildren = (document: Document) => [...documentBody(document)!.children].map((element) => `${element.localName}:${element.textContent}`);

describe('parseDocument', () => {
  it('moves what follows an early </body> or </html> into the body, as a browser does', () => {
    const document = parseDocument('<!doctype html><html><head><title>t</title></head><body><p>one</p></body><div>two</div></html>\n<div>three</div><footer>four</footer><!-- c -->');
    expect(bodyChildren(document)).toEqual(['p:one', 'div:two', 'div:three', 'footer:four']);
    expect([...document.children].map((element) => element.localName)).toEqual(['html']);
    expect([...document.documentElement.children].map((element) => element.localName)).toEqual(['head', 'body']);
  });

  it('turns CR LF and a lone CR into LF, as a browser\'s input stream preprocessing does (a <pre> served with Windows line endings)', () => {
    const document = parseDocument('<!doctype html><html><head></head><body><pre>a  \r\nb\rc\r\n\r\nd</pre><p title="x\r\ny">e</p></body></html>');
    expect(document.querySelector('pre')!.textContent).toBe('a  \nb\nc\n\nd');
    expect(document.querySelector('p')!.getAttribute('title')).toBe('x\ny');
  });

  it('leaves a well-formed page as it is', () => {
    const document = parseDocument('<!doctype html><html><head><title>t</title></head><body><p>one</p><div>two</div></body></html>\n');
    expect(bodyChildren(document)).toEqual(['p:one', 'div:two']);
  });
});
