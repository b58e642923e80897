import { afterEach, describe, expect, it } from '@jest/globals';
import { fileURLToPath } from 'node:url';
import { assertContentThreads, runContentTask } from './content-threads.js';
import { allowInlineContentTasks, inlineContentTasksAllowed } from './inline-content-tasks.js';

// Sources run by the test runner: the compiled thread file is not beside them.
const MISSING = `The content thread file ${fileURLToPath(new URL('./content-thread.js', import.meta.url))} does not exist: content tasks would block the event loop, unbounded.`;
const task = { kind: 'schema-error', schema: { type: 'object' } } as const;

describe('content tasks where the compiled thread file is missing', () => {
  afterEach(() => allowInlineContentTasks());

  it('run in-line under the test switch, which the specs\' setup sets', async () => {
    expect(inlineContentTasksAllowed()).toBe(true);
    expect(() => assertContentThreads()).not.toThrow();
    await expect(runContentTask(task, Date.now() + 5_000)).resolves.toBeNull();
  });

  it('fail without it, at the check and at every task, naming the file, never in-line on the event loop', async () => {
    allowInlineContentTasks(false);
    expect(() => assertContentThreads()).toThrow(MISSING);
    await expect(runContentTask(task, Date.now() + 5_000)).rejects.toThrow(MISSING);
  });
});
