import { describe, expect, it } from '@jest/globals';
import { outputBytes } from '../../common/size/output-bytes.js';
import { recordedNameBytes } from './blocks/block-runner.js';
import { buildResult, listPaddingBytes } from './recipe-result.js';
import type { PageValues } from './recipe-result.js';
import type { ExtractedValue } from './recipe.types.js';

describe('listPaddingBytes: the null cells of list rows, counted before the rows exist', () => {
  it('is what the stored items weigh beyond their values and the names beside them', () => {
    const names = ['title', 'price', 'a-much-longer-name'];
    const pages: PageValues[] = [
      new Map<string, ExtractedValue[]>([['title', ['A', 'B', 'C']], ['price', ['1']]]),
      new Map<string, ExtractedValue[]>([['title', ['D']], ['a-much-longer-name', ['x', 'y']]]),
    ];
    const values = pages.flatMap((page) => [...page].flatMap(([name, list]) => list.map((value) => outputBytes(value) + recordedNameBytes(name))));
    const counted = values.reduce((sum, bytes) => sum + bytes, 0);
    const items = (buildResult(names, pages, 'list') as unknown as { items: unknown[] }).items;
    // The stored rows' bytes: each row's braces and the commas between values and rows aside, values, names and nulls.
    const nulls = items.flatMap((row) => Object.entries(row as object).filter(([, value]) => value === null).map(([name]) => recordedNameBytes(name) + 'null,'.length));
    expect(listPaddingBytes(names, pages)).toBe(nulls.reduce((sum, bytes) => sum + bytes, 0));
    expect(outputBytes(items)).toBeLessThanOrEqual(counted + listPaddingBytes(names, pages) + 2 * items.length + 2);
  });

  it('grows with rows times names, while the values counted stay small: one long list beside many names that matched nothing', () => {
    const names = ['a', ...Array.from({ length: 48 }, (_, index) => `n${index}`.padEnd(200, 'x'))];
    const page = new Map<string, ExtractedValue[]>([['a', Array.from({ length: 1000 }, () => '1')]]);
    expect(listPaddingBytes(names, [page])).toBe(1000 * 48 * (recordedNameBytes(names[1]) + 5));
  });
});
