import { describe, expect, it } from '@jest/globals';
import { performContentTask } from './content-task.js';
import type { ContentReply } from './content-task.js';
import { capDepth, cappingDepth, MAX_DEPTH, nestsDeeperThan, OverflowNotDomDepthError } from './depth-cap.js';
import { parseDocument } from './parse-document.js';

const URL_ = 'https://deep.example/page';
// Past the cap, what the deepest element held sits beside it (Chromium's parser): the link is kept above the cap.
const deep = (levels: number) => `<html><body><main><h1>Deep</h1><p>top <a href="/x">link</a></p>${'<div>'.repeat(levels)}<p>deep text</p></main></body></html>`;
const depthOf = (node: Node | null) => {
  let depth = 0;
  for (let at = node; at && at.nodeType === at.ELEMENT_NODE; at = at.parentNode) depth++;
  return depth;
};

describe('capDepth: nesting capped as Chromium\'s parser caps it', () => {
  it('makes every node deeper than the cap a child of its ancestor at the cap, in document order', () => {
    const document = capDepth(parseDocument('<html><body><div><div><b>a</b><i>b<u>c</u></i>d</div></div><p>e</p></body></html>'), 5);
    expect(document.body.innerHTML).toBe('<div><div><b></b>a<i></i>b<u></u>cd</div></div><p>e</p>');
  });

  it('refuses, in a capped run, a document the cap would leave as it is: its overflow was not its DOM\'s depth', () => {
    expect(() => cappingDepth(() => parseDocument('<html><body><div><p>a</p></div></body></html>'))).toThrow(OverflowNotDomDepthError);
    expect(nestsDeeperThan(cappingDepth(() => parseDocument(deep(MAX_DEPTH))), MAX_DEPTH)).toBe(false);
  });

  it('leaves a document within the cap as it was', () => {
    const html = '<html><head></head><body><div><p>a <b>b</b></p></div></body></html>';
    expect(capDepth(parseDocument(html), MAX_DEPTH).documentElement.outerHTML).toBe(html);
  });
});

describe('a raw body nested past the stack (js=false): its content worked out on the capped document', () => {
  const html = deep(40_000);
  const value = (reply: ContentReply | Promise<ContentReply>) => {
    expect(reply).toMatchObject({ ok: true });
    return (reply as { value: unknown }).value;
  };

  it('gives its Markdown, its text and its links, its deepest text kept', () => {
    const markdown = value(performContentTask({ kind: 'render', html, url: URL_, request: { format: 'markdown', mainContent: false, includeSelectors: [], excludeSelectors: [] } })) as string;
    expect(markdown).toContain('# Deep');
    expect(markdown).toContain('top [link](https://deep.example/x)');
    expect(markdown).toContain('deep text');
    const text = value(performContentTask({ kind: 'render', html, url: URL_, request: { format: 'text', mainContent: true, includeSelectors: [], excludeSelectors: [] } })) as string;
    expect(text).toContain('deep text');
    expect(value(performContentTask({ kind: 'links', html, url: URL_ }))).toEqual([{ url: 'https://deep.example/x', text: 'link' }]);
  });

  it('answers extraction rules', () => {
    expect(value(performContentTask({ kind: 'page', html, url: URL_, work: { extract: { rules: [['top', { selector: 'main > p a', list: false, output: '@href', fields: null }]], maxBytes: 1_000_000 } } }))).toEqual({ extracted: { top: 'https://deep.example/x' } });
  });

  it('caps at Chromium\'s depth: the deepest element of the capped page is at the cap', () => {
    const document = capDepth(parseDocument(html), MAX_DEPTH);
    expect(depthOf([...document.querySelectorAll('p')].at(-1)!)).toBe(MAX_DEPTH);
  });
});
