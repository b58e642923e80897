import { describe, expect, it } from '@jest/globals';
import { withAuthorization } from '../../clients/typescript/src/index.js';

describe('the TypeScript client keeps the caller\'s default headers, whatever their form', () => {
  it.each([
    ['a record', { 'Idempotency-Key': 'k1', 'X-Count': 2 }],
    ['a Headers', new Headers({ 'Idempotency-Key': 'k1', 'X-Count': '2' })],
    ['pairs', [['Idempotency-Key', 'k1'], ['X-Count', '2']]],
  ])('from %s, with the key\'s Authorization over any the caller set', (_form, headers) => {
    const merged = withAuthorization(headers as never, 'cg_key');
    expect(Object.fromEntries(merged)).toEqual({ authorization: 'Bearer cg_key', 'idempotency-key': 'k1', 'x-count': '2' });
    expect(withAuthorization({ Authorization: 'Bearer other' }, 'cg_key').get('authorization')).toBe('Bearer cg_key');
  });
});
