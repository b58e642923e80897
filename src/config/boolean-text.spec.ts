import { describe, expect, it } from '@jest/globals';
import { readBooleanText } from './boolean-text.js';

describe('readBooleanText', () => {
  it.each(['true', 'TRUE', 'True', '1', 'yes', 'YES', 'on', 'On'])('reads %j as true', (text) => {
    expect(readBooleanText(text)).toBe(true);
  });

  it.each(['false', 'FALSE', '0', 'no', 'No', 'off', 'OFF'])('reads %j as false', (text) => {
    expect(readBooleanText(text)).toBe(false);
  });

  it.each([' true', 'true ', 'True\n', '\tfalse', '', 'y', 'n', '2', 'truee', 'null'])('reads %j as no word (the caller refuses it)', (text) => {
    expect(readBooleanText(text)).toBeNull();
  });
});
