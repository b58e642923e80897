import { describe, expect, it } from '@jest/globals';
import { validateSync } from 'class-validator';
import { MaxCharacters } from './max-characters.js';

class Text {
  @MaxCharacters(3)
  text!: unknown;
}

const errorsOf = (text: unknown) => validateSync(Object.assign(new Text(), { text })).flatMap((error) => Object.values(error.constraints ?? {}));

describe('MaxCharacters', () => {
  it('counts code points: an emoji is one, a variation selector another', () => {
    expect(errorsOf('abc')).toEqual([]);
    expect(errorsOf('😀😀😀')).toEqual([]);
    expect(errorsOf('a\uFE0Fb')).toEqual([]);
    expect(errorsOf('a\uFE0Fb\uFE0F')).toEqual(['text must be at most 3 characters']);
    expect(errorsOf('abcd')).toEqual(['text must be at most 3 characters']);
  });

  it('leaves other types to their own rule', () => {
    expect(errorsOf(12345)).toEqual([]);
  });
});
