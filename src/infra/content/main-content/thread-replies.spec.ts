import { areThreadReplies } from './thread-replies.js';

describe('areThreadReplies', () => {
  const survey = { commentChars: 10_700, chromeChars: 14_600, blogComments: false };

  it('counts replies that hold half the page without its chrome on a page that says it is a discussion', () => {
    expect(areThreadReplies(survey, 31_200, true)).toBe(true);
  });

  it('never on a page without the hint, nor with a blog\'s comment area, nor when the replies are less than half', () => {
    expect(areThreadReplies(survey, 31_200, false)).toBe(false);
    expect(areThreadReplies({ ...survey, blogComments: true }, 31_200, true)).toBe(false);
    expect(areThreadReplies({ ...survey, commentChars: 5_000 }, 31_200, true)).toBe(false);
  });
});
