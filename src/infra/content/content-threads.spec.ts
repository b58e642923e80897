import { afterEach, describe, expect, it } from '@jest/globals';
import { fileURLToPath } from 'node:url';
import { asContentOwner, assertContentThreads, contentTurn, ContentTooLargeError, runContentTask } from './content-threads.js';
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
    const extract = { kind: 'page', html: '<p>long text</p>', url: 'https://a.example/', work: { extract: { rules: [['p', { selector: 'p', list: false, output: 'text', fields: null }]], maxBytes: 10 } } } as const;
    expect(await tooLarge(runContentTask(extract, Date.now() + 5_000))).toEqual({ kind: 'page', message: 'The extracted data exceed 10 bytes.' });
    const selector = `${':not('.repeat(100_000)}a${')'.repeat(100_000)}`;
    const render = { kind: 'render', html: '<p>x</p>', url: 'https://a.example/', request: { ...request, includeSelectors: [selector] } } as const;
    expect(await tooLarge(runContentTask(render, Date.now() + 5_000))).toEqual({ kind: 'render', message: 'The page nests its content deeper than its work can follow.' });
  });
});

describe('turns for a thread: one large page at a time, so the other thread serves small pages', () => {
  const request = { format: 'markdown', mainContent: false, includeSelectors: [], excludeSelectors: [] } as const;
  const page = (bytes: number) => ({ kind: 'render', html: 'x'.repeat(bytes), url: 'https://a.example/', request }) as const;
  const held = () => {
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    return { done, release };
  };

  it("runs a small page's task beside one large page while another large one waits, each of another organization", async () => {
    const events: string[] = [];
    const first = held();
    const run = (name: string, owner: string, bytes: number, hold?: Promise<void>) => asContentOwner(owner, () => contentTurn(page(bytes), Date.now() + 10_000, async () => {
      events.push(`${name} runs`);
      await hold;
      events.push(`${name} ends`);
    }));
    const large = 3 * 1_048_576;
    const largeOne = run('large A', 'a', large, first.done);
    const largeTwo = run('large B', 'b', large);
    const small = run('small C', 'c', 1_000);
    await small;
    // The small page ran to its end while large A held a thread and large B waited for it.
    expect([...events].sort()).toEqual(['large A runs', 'small C ends', 'small C runs']);
    first.release();
    await Promise.all([largeOne, largeTwo]);
    expect(events.slice(3)).toEqual(['large A ends', 'large B runs', 'large B ends']);
  });
});
