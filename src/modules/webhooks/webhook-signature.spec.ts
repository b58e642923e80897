import { createHmac } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { webhookSignature } from './webhook-signature.js';

describe('webhookSignature', () => {
  it('signs "<t>.<body>" with HMAC-SHA256 in hex', () => {
    const expected = createHmac('sha256', 'whsec_x').update('1700000000.{"a":1}').digest('hex');
    expect(webhookSignature('whsec_x', 1700000000, '{"a":1}')).toBe(`t=1700000000,v1=${expected}`);
  });

  it('signs with an empty key until a secret is made', () => {
    expect(webhookSignature('', 1, 'x')).toBe(`t=1,v1=${createHmac('sha256', '').update('1.x').digest('hex')}`);
  });
});
