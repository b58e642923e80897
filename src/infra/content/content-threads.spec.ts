import { afterEach, describe, expect, it } from '@jest/globals';
import { fileURLToPath } from 'node:url';
import { assertContentThreads, ContentTooLargeError, runContentTask } from './content-threads.js';
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

describe('a task too large for its bounds', () => {
  const request = { format: 'markdown', mainContent: false, includeSelectors: [], excludeSelectors: [] } as const;
  const tooLarge = async (run: Promise<unknown>) => {
    const error = await run.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ContentTooLargeError);
    return { kind: (error as ContentTooLargeError).kind, message: (error as ContentTooLargeError).message };
  };

  it('is ContentTooLargeError with the task\'s kind: extracts past their bytes, and a render', async () => {
    const extract = { kind: 'extract', html: '<p>long text</p>', url: 'https://a.example/', rules: [['p', { selector: 'p', list: false, output: 'text', fields: null }]], maxBytes: 10 } as const;
    expect(await tooLarge(runContentTask(extract, Date.now() + 5_000))).toEqual({ kind: 'extract', message: 'The extracted data exceed 10 bytes.' });
    const selector = `${':not('.repeat(100_000)}a${')'.repeat(100_000)}`;
    const render = { kind: 'render', html: '<p>x</p>', url: 'https://a.example/', request: { ...request, includeSelectors: [selector] } } as const;
    expect(await tooLarge(runContentTask(render, Date.now() + 5_000))).toEqual({ kind: 'render', message: 'The page nests its content deeper than its work can follow.' });
  });
});
