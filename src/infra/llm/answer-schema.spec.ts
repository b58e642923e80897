import { describe, expect, it } from '@jest/globals';
import { answerSchemaError, checkAnswer, compileAnswerSchema, parseAnswerSchema } from './answer-schema.js';
import { hostileSchemas } from './hostile-schemas.fixture.js';

const PRODUCT = { type: 'object', properties: { name: { type: 'string' }, price: { type: 'number' }, url: { type: 'string', format: 'uri' } }, required: ['name', 'price'] };

describe('parseAnswerSchema (decisions.md 8.2)', () => {
  it('accepts a draft 2020-12 schema whose root is an object, unknown keywords included', () => {
    const schema = { ...PRODUCT, $schema: 'https://json-schema.org/draft/2020-12/schema', 'x-note': 'kept', prefixItems: undefined };
    expect(parseAnswerSchema(JSON.stringify(schema))).toEqual({ ok: true, schema: JSON.parse(JSON.stringify(schema)) });
  });

  it.each([
    ['{"type": ', 'ai_schema must be valid JSON'],
    ['[]', 'ai_schema must be a JSON Schema whose root is {"type": "object"}'],
    ['true', 'ai_schema must be a JSON Schema whose root is {"type": "object"}'],
    ['{"type": "array", "items": {}}', 'ai_schema must be a JSON Schema whose root is {"type": "object"}'],
    ['{"type": ["object"]}', 'ai_schema must be a JSON Schema whose root is {"type": "object"}'],
    ['{"properties": {}}', 'ai_schema must be a JSON Schema whose root is {"type": "object"}'],
  ])('refuses %s', (text, error) => {
    expect(parseAnswerSchema(text)).toEqual({ ok: false, error });
  });

  it.each([
    ['{"type": "object", "properties": {"a": {"type": "text"}}}', 'schema is invalid'],
    ['{"type": "object", "properties": {"a": {"$ref": "#/$defs/missing"}}}', "can't resolve reference #/$defs/missing"],
    ['{"type": "object", "properties": {"a": {"$ref": "https://schemas.example/remote.json"}}}', "can't resolve reference https://schemas.example/remote.json"],
    ['{"$schema": "http://json-schema.org/draft-07/schema#", "type": "object"}', 'no schema with key or ref'],
    ['{"type": "object", "properties": {"a": {"type": "string", "pattern": "^(a)\\\\1$"}}}', 'invalid escape sequence'],
  ])('passes the cheap checks, then refuses a schema that does not compile: %s', (text, cause) => {
    const parsed = parseAnswerSchema(text);
    expect(parsed.ok).toBe(true);
    const error = parsed.ok ? answerSchemaError(parsed.schema) : null;
    expect(error).toMatch(/^ai_schema does not compile as a JSON Schema \(draft 2020-12\): /);
    expect(error).toContain(cause);
  });

  it.each([
    ['objects and arrays', JSON.stringify({ type: 'object', properties: { a: { prefixItems: Array.from({ length: 1_000 }, () => ({})) } } }), 'ai_schema must have at most 1000 objects and arrays'],
    ['references', JSON.stringify({ type: 'object', $defs: { a: {} }, properties: { a: { prefixItems: Array.from({ length: 257 }, () => ({ $ref: '#/$defs/a' })) } } }), 'ai_schema must have at most 256 references'],
    ['depth', JSON.stringify({ type: 'object', properties: { a: JSON.parse(`${'{"not":'.repeat(40)}{}${'}'.repeat(40)}`) } }), 'ai_schema must nest at most 32 levels deep'],
  ])('refuses, without compiling, a schema past its bound on %s', (_name, text, error) => {
    expect(text.length).toBeLessThanOrEqual(10_000);
    expect(parseAnswerSchema(text)).toEqual({ ok: false, error });
  });

  it.each(Object.entries(hostileSchemas()))('compiles the %s schema (within every bound) in well under a second of CPU', (_name, text) => {
    expect(text.length).toBeLessThanOrEqual(10_000);
    const parsed = parseAnswerSchema(text);
    expect(parsed.ok).toBe(true);
    const before = process.cpuUsage();
    expect(parsed.ok && answerSchemaError(parsed.schema)).toBeNull();
    const used = process.cpuUsage(before);
    expect((used.user + used.system) / 1_000).toBeLessThan(1_000);
  });

  it('refuses more than 10,000 characters', () => {
    const text = JSON.stringify({ type: 'object', description: 'x'.repeat(10_000 - 34) });
    expect(text.length).toBe(10_000);
    expect(parseAnswerSchema(text).ok).toBe(true);
    expect(parseAnswerSchema(`${text} `)).toEqual({ ok: false, error: 'ai_schema must be at most 10000 characters' });
    // Code points, not UTF-16 units: 9,966 emoji in the description are 10,000 characters.
    expect(parseAnswerSchema(JSON.stringify({ type: 'object', description: '😀'.repeat(10_000 - 34) })).ok).toBe(true);
  });
});

describe('checkAnswer', () => {
  const validate = compileAnswerSchema(PRODUCT);

  it('matches patterns in linear time: a pattern that backtracks exponentially in RegExp answers at once', () => {
    const evil = compileAnswerSchema({ type: 'object', properties: { code: { type: 'string', pattern: '^(a+)+$' } } });
    const started = Date.now();
    expect(checkAnswer(JSON.stringify({ code: `${'a'.repeat(40)}!` }), evil)).toEqual({ ok: false, violations: [{ path: '/code', message: 'must match pattern "^(a+)+$"' }] });
    expect(checkAnswer('{"code": "aaa"}', evil)).toEqual({ ok: true, value: { code: 'aaa' } });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('answers the parsed JSON when it conforms, also inside a Markdown code fence', () => {
    expect(checkAnswer('{"name": "Kettle", "price": 20}', validate)).toEqual({ ok: true, value: { name: 'Kettle', price: 20 } });
    expect(checkAnswer('```json\n{"name": "Kettle", "price": 20}\n```', validate)).toEqual({ ok: true, value: { name: 'Kettle', price: 20 } });
    expect(checkAnswer('  ```JSON  \n{"name": "Kettle", "price": 20}\n  ```\n', validate)).toEqual({ ok: true, value: { name: 'Kettle', price: 20 } });
    expect(checkAnswer('```\n{"name": "Kettle", "price": 20}\n```', validate)).toEqual({ ok: true, value: { name: 'Kettle', price: 20 } });
  });

  it('reads an answer that opens a fence and never closes it as the text it is (not JSON), without a quadratic scan', () => {
    const checked = checkAnswer(`\`\`\`json\n${' '.repeat(200_000)}x`, validate);
    expect(checked.ok).toBe(false);
  });

  it('lists every violation with its JSON Pointer, formats checked', () => {
    expect(checkAnswer('{"price": "20", "url": "not a uri"}', validate)).toEqual({
      ok: false,
      violations: [
        { path: '', message: "must have required property 'name'" },
        { path: '/price', message: 'must be number' },
        { path: '/url', message: 'must match format "uri"' },
      ],
    });
  });

  it('says when the answer is not JSON', () => {
    const checked = checkAnswer('The kettle costs 20.', validate);
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.violations).toEqual([{ path: '', message: expect.stringMatching(/^is not valid JSON \(.+\)$/) }]);
  });
});
