/**
 * Array helpers for lists a page makes as long as it likes: `Math.max(...xs)` and `push(...xs)` put every item on the
 * stack as an argument, and past about 125,000 (the main thread) or 500,000 (a content thread) items they throw.
 */

/** The largest of the values, 0 when there is none. */
export function maxOf(values: Iterable<number>): number {
  let max = 0;
  for (const value of values) if (value > max) max = value;
  return max;
}

/** Appends every item, one at a time. */
export function pushAll<T>(into: T[], items: Iterable<T>): void {
  for (const item of items) into.push(item);
}
