import { describe, expect, it } from '@jest/globals';
import { basicPassword } from './basic-auth.js';

const header = (credentials: string): string => `Basic ${Buffer.from(credentials).toString('base64')}`;

describe('basicPassword', () => {
  it('reads the password after the first colon, whatever the user name', () => {
    expect(basicPassword(header('admin:s3cret'))).toBe('s3cret');
    expect(basicPassword(header(':s3cret'))).toBe('s3cret');
    expect(basicPassword(header('u:pass:with:colons'))).toBe('pass:with:colons');
    expect(basicPassword(`basic  ${Buffer.from('u:p').toString('base64')}`)).toBe('p');
  });

  it('finds no password in a missing, bearer, colon-less or malformed header', () => {
    expect([undefined, 'Bearer s3cret', header('no-colon'), 'Basic !!!', 'Basic'].map(basicPassword)).toEqual([null, null, null, null, null]);
  });
});
