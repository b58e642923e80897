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

  it('counts the interval from the end of a capture slower than it', async () => {
    let clock = 0;
    let taken = 0;
    const capture = throttleCaptures(async () => {
      clock += 1500; // a capture that takes longer than the interval
      return { n: (taken += 1) };
    }, 1000, () => clock);
    const first = await capture('a');
    clock += 900;
    expect(await capture('a')).toBe(first);
    clock += 100;
    expect(await capture('a')).not.toBe(first);
    expect(taken).toBe(2);
  });
});
