let allowed = false;

/**
 * The test switch (set by the test runner's setup, test/harness/inline-content-tasks.ts): where the compiled thread
 * file does not exist (sources run by the test runner), content tasks run in-line, with no budget and no heap limit.
 * Nowhere else: a service without its thread file fails at boot (content-threads.ts).
 */
export function allowInlineContentTasks(value = true): void {
  allowed = value;
}

export function inlineContentTasksAllowed(): boolean {
  return allowed;
}
