import { describe, expect, it } from '@jest/globals';
import { isAppError } from '../errors/app-error.js';
import { repeatedParameters } from './single-value.js';

describe('repeatedParameters', () => {
  it('names every parameter given more than once in one 422, and nothing when each is given once', () => {
    expect(repeatedParameters({ url: 'http://a.test/', js: 'false' })).toBeNull();
    expect(repeatedParameters(undefined)).toBeNull();
    const refused = repeatedParameters({ url: 'http://a.test/', js: ['maybe', 'false'], key: ['a', 'b'] });
    expect(isAppError(refused) && [refused.code, refused.details.errors]).toEqual(['validation_failed', { js: ['js must be given once'], key: ['key must be given once'] }]);
  });
});
