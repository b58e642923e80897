import { describe, expect, it } from '@jest/globals';
import { parseHTML } from 'linkedom';
import { noteUpperCaseAttributes } from './linkedom-create-attribute.patch.js';

const parse = (html: string) => parseHTML(html).document as unknown as Document;

describe('noteUpperCaseAttributes (the patch of linkedom\'s createAttribute)', () => {
  it('notes the attributes the parse creates with an upper-case name, and only those', () => {
    const { result, attributes } = noteUpperCaseAttributes(() => parse('<p><A HREF="/x" class="k" Data-Y="1">x</A><svg viewBox="0 0 1 1"></svg></p>'));
    expect(attributes.map((attribute) => [attribute.name, attribute.ownerElement?.tagName.toLowerCase()])).toEqual([['HREF', 'a'], ['Data-Y', 'a'], ['viewBox', 'svg']]);
    expect(result.querySelector('a')?.getAttribute('class')).toBe('k');
  });

  it('notes nothing outside a noting parse, and a nested parse keeps its own notes apart from the outer one', () => {
    parse('<a HREF="/outside">x</a>');
    const outer = noteUpperCaseAttributes(() => {
      const inner = noteUpperCaseAttributes(() => parse('<a ID="inner">x</a>'));
      parse('<a TITLE="outer">x</a>');
      return inner;
    });
    expect(outer.result.attributes.map((attribute) => attribute.name)).toEqual(['ID']);
    expect(outer.attributes.map((attribute) => attribute.name)).toEqual(['TITLE']);
  });
});
