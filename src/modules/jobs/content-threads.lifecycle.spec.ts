import { afterEach, describe, expect, it } from '@jest/globals';
import { allowInlineContentTasks } from '../../infra/content/inline-content-tasks.js';
import { ContentThreadsLifecycle } from './content-threads.lifecycle.js';

describe('ContentThreadsLifecycle', () => {
  afterEach(() => allowInlineContentTasks());

  it('fails the boot, naming the file, when the compiled content thread file is missing', () => {
    allowInlineContentTasks(false);
    expect(() => new ContentThreadsLifecycle().onModuleInit()).toThrow(/^The content thread file .*\/infra\/content\/content-thread\.js does not exist/);
  });

  it('boots under the test switch', () => {
    expect(() => new ContentThreadsLifecycle().onModuleInit()).not.toThrow();
  });
});
