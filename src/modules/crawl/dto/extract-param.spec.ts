import { describe, expect, it } from '@jest/globals';
import { parseStructuredParams } from './extract-param.js';

describe('parseStructuredParams', () => {
  it('answers null for absent parameters and no errors', () => {
    expect(parseStructuredParams({ url: 'https://a.example' })).toEqual({ request: { extract: null, aiSchema: null }, errors: {} });
  });

  it('compiles extract and parses ai_schema, the last of repeated values', () => {
    const parsed = parseStructuredParams({ extract: ['{"a": "b"}', '{"title": "h1"}'], ai_schema: '{"type": "object"}' });
    expect(parsed).toEqual({
      request: { extract: [['title', { selector: 'h1', list: false, output: 'text', fields: null }]], aiSchema: { type: 'object' } },
      errors: {},
    });
  });

  it('names each bad parameter with its message', () => {
    expect(parseStructuredParams({ extract: '{"a": {"type": "list"}}', ai_schema: '{"type": "array"}' }).errors).toEqual({
      extract: ['rule "a" has no "selector"'],
      ai_schema: ['ai_schema must be a JSON Schema whose root is {"type": "object"}'],
    });
  });

  it('refuses an empty parameter as bad JSON', () => {
    expect(parseStructuredParams({ extract: '', ai_schema: '' }).errors).toEqual({ extract: ['extract must be valid JSON'], ai_schema: ['ai_schema must be valid JSON'] });
  });
});
