import * as puppeteer from 'puppeteer';

/** Puppeteer's US keyboard layout: every key name its keyboard accepts (exported at run time, not in its types). */
const KEYS = (puppeteer as unknown as { _keyDefinitions: Readonly<Record<string, unknown>> })._keyDefinitions;

/** A single key as Puppeteer names it (`Enter`, `Tab`, `ArrowDown`, `a`, ...): case-sensitive, no combinations. */
export function isKeyName(value: unknown): boolean {
  return typeof value === 'string' && Object.hasOwn(KEYS, value);
}
