import { describe, expect, it } from '@jest/globals';
import { parseDocument } from '../parse-document.js';
import { proseBlocks, removeOutermost } from './prose-blocks.js';
import { measureText } from './text-stats.js';

const rootOf = (body: string) => parseDocument(`<body><div id="root">${body}</div></body>`).getElementById('root')!;

describe('proseBlocks', () => {
  it('answers the outermost prose blocks that are not mostly links, with their characters', () => {
    const root = rootOf('<p id="a">Twelve chars</p><blockquote id="b"><p>Quoted text</p></blockquote><p id="c"><a href="/x">All a link</a></p>');
    expect([...proseBlocks(root, measureText(root))].map(({ block, chars }) => [block.id, chars])).toEqual([['a', 12], ['b', 11]]);
  });
});

describe('removeOutermost', () => {
  it('removes the picked elements, asking nothing inside one it picked', () => {
    const root = rootOf('<div id="x" class="go"><div id="y" class="go"></div></div><div id="z"><span id="w" class="go"></span></div>');
    const asked: string[] = [];
    removeOutermost(root, (element) => (asked.push(element.id), element.classList.contains('go')));
    expect([asked, root.innerHTML]).toEqual([['x', 'z', 'w'], '<div id="z"></div>']);
  });
});
