import { describe, expect, it } from '@jest/globals';
import { throttleCaptures } from './debug-throttle.js';

describe('throttleCaptures', () => {
  it('takes one capture per job per second however often it is asked', async () => {
    let clock = 0;
    const taken: string[] = [];
    const capture = throttleCaptures(async (jobId) => ({ jobId, n: taken.push(jobId) }), 1000, () => clock);
    const answers = [];
    for (let poll = 0; poll < 50; poll += 1) {
      answers.push(await capture('a'));
      clock += 20; // 50 polls a second
    }
    expect(taken).toEqual(['a']);
    expect(new Set(answers).size).toBe(1);
    clock = 1000;
    await capture('a');
    await capture('b');
    expect(taken).toEqual(['a', 'a', 'b']);
  });

  it('shares a capture still being taken', async () => {
    let calls = 0;
    const capture = throttleCaptures(() => new Promise((resolve) => setTimeout(() => resolve({ n: (calls += 1) }), 10)));
    const [first, second] = await Promise.all([capture('a'), capture('a')]);
    expect(first).toBe(second);
    expect(calls).toBe(1);
  });
});
