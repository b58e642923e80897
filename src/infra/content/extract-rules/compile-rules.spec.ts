import { describe, expect, it } from '@jest/globals';
import { compileRules } from './compile-rules.js';

const compile = (value: unknown) => compileRules(typeof value === 'string' ? value : JSON.stringify(value));
const refused = (value: unknown) => {
  const result = compile(value);
  if (result.ok) throw new Error(`accepted ${JSON.stringify(value)}`);
  return result.error;
};

/** A rule nested `depth` levels deep: {a: {selector, fields: {a: ...}}}. */
function nested(depth: number): Record<string, unknown> {
  return depth === 1 ? { a: 'p' } : { a: { selector: 'div', fields: nested(depth - 1) } };
}

describe('compileRules (decisions.md 8.2)', () => {
  it('compiles a selector string as the first match\'s text', () => {
    expect(compile({ title: 'h1' })).toEqual({ ok: true, rules: [['title', { selector: 'h1', list: false, output: 'text', fields: null }]] });
  });

  it('compiles every key, keeps the caller\'s order, lower-cases attribute outputs and compiles fields', () => {
    const result = compile({
      z: { selector: 'a', type: 'list', output: '@HREF' },
      a: { selector: '.card', type: 'list', fields: { name: 'h2', body: { selector: 'p', output: 'markdown' }, raw: { selector: 'p', type: 'item', output: 'html' } } },
    });
    expect(result).toEqual({
      ok: true,
      rules: [
        ['z', { selector: 'a', list: true, output: '@href', fields: null }],
        ['a', {
          selector: '.card', list: true, output: 'text',
          fields: [
            ['name', { selector: 'h2', list: false, output: 'text', fields: null }],
            ['body', { selector: 'p', list: false, output: 'markdown', fields: null }],
            ['raw', { selector: 'p', list: false, output: 'html', fields: null }],
          ],
        }],
      ],
    });
  });

  it('accepts an empty map and names that are not identifiers, __proto__ included', () => {
    expect(compile({})).toEqual({ ok: true, rules: [] });
    const result = compileRules('{"__proto__": "p", "a b.c": "p"}');
    expect(result.ok && result.rules.map(([name]) => name)).toEqual(['__proto__', 'a b.c']);
  });

  it.each([
    ['{"a": ', 'extract must be valid JSON'],
    ['[]', 'extract must be a JSON object mapping names to rules'],
    ['"h1"', 'extract must be a JSON object mapping names to rules'],
    ['null', 'extract must be a JSON object mapping names to rules'],
  ])('refuses %s as a whole', (text, message) => {
    expect(refused(text)).toBe(message);
  });

  it.each([
    [{ a: { type: 'list' } }, 'rule "a" has no "selector"'],
    [{ a: { selector: 5 } }, 'rule "a": "selector" must be a string'],
    [{ a: { selector: 'p', kind: 'list' } }, 'rule "a" has an unknown key "kind" (allowed: selector, type, output, fields)'],
    [{ a: { selector: 'p', type: 'array' } }, 'rule "a" has an unknown type "array" (item or list)'],
    [{ a: { selector: 'p', output: 'json' } }, 'rule "a" has an unknown output "json" (text, html, markdown or @<attribute>)'],
    [{ a: { selector: 'p', output: '@' } }, 'rule "a" has an unknown output "@" (text, html, markdown or @<attribute>)'],
    [{ a: { selector: 'p', output: '@a b' } }, 'rule "a" has an unknown output "@a b" (text, html, markdown or @<attribute>)'],
    [{ a: 5 }, 'rule "a" must be a CSS selector string or an object with "selector"'],
    [{ a: ['p'] }, 'rule "a" must be a CSS selector string or an object with "selector"'],
    [{ a: { selector: 'p', fields: 'h2' } }, 'rule "a": "fields" must be an object mapping names to rules'],
    [{ a: { selector: 'p', output: 'json', fields: { b: 'p' } } }, 'rule "a" has an unknown output "json" (text, html, markdown or @<attribute>)'],
    [{ a: { selector: 'p', fields: { b: { selector: 'i', extra: 1 } } } }, 'rule "a.b" has an unknown key "extra" (allowed: selector, type, output, fields)'],
  ])('refuses the rule %j', (rules, message) => {
    expect(refused(rules)).toBe(message);
  });

  it.each(['p[', 'p:foo', 'a,,b', '::before', 'p:not(', '', '   '])('refuses the unparsable selector %j, also nested', (selector) => {
    expect(refused({ a: selector })).toBe(`rule "a": ${JSON.stringify(selector)} is not a CSS selector that can be parsed`);
    expect(refused({ a: { selector: 'div', fields: { b: { selector } } } })).toBe(`rule "a.b": ${JSON.stringify(selector)} is not a CSS selector that can be parsed`);
  });

  it('accepts depth 3 and refuses depth 4', () => {
    expect(compile(nested(3)).ok).toBe(true);
    expect(refused(nested(4))).toBe('rule "a.a.a.a" is nested 4 deep; at most 3 levels');
  });

  it('accepts 50 rules, nested ones counted, and refuses 51', () => {
    const fortyNine = Object.fromEntries(Array.from({ length: 49 }, (_, i) => [`f${i}`, 'p']));
    expect(compile({ parent: { selector: 'div', fields: fortyNine } }).ok).toBe(true);
    expect(refused({ parent: { selector: 'div', fields: fortyNine }, one: 'p' })).toBe('extract may hold at most 50 rules, nested ones counted');
  });

  it('accepts 10,000 characters and refuses 10,001', () => {
    const exactly = (length: number) => `{"a": "p${' '.repeat(length - 10)}"}`;
    expect(exactly(10_000).length).toBe(10_000);
    expect(compileRules(exactly(10_000)).ok).toBe(true);
    expect(compileRules(exactly(10_001))).toEqual({ ok: false, error: 'extract must be at most 10000 characters' });
    // Characters are code points, as every "at most N characters" of the service (max-characters.ts): an emoji is one.
    const emoji = `{"a": "p${'😀'.repeat(9_990)}"}`;
    expect(compileRules(emoji).ok).toBe(true);
  });
});
