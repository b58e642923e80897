import * as puppeteer from 'puppeteer';

/** Puppeteer's US keyboard layout: every key name its keyboard accepts (exported at run time, not in its types). */
const KEYS = keyDefinitions();

/** Checked when the module loads (at boot): a puppeteer without them must fail loudly, not refuse every key name. */
function keyDefinitions(): Readonly<Record<string, unknown>> {
  const keys = (puppeteer as unknown as { _keyDefinitions?: Readonly<Record<string, unknown>> })._keyDefinitions;
  if (!keys || !Object.hasOwn(keys, 'Enter')) throw new Error('puppeteer assumption broken: _keyDefinitions is missing');
  return keys;
}

/** A single key as Puppeteer names it (`Enter`, `Tab`, `ArrowDown`, `a`, ...): case-sensitive, no combinations. */
export function isKeyName(value: unknown): boolean {
  return typeof value === 'string' && Object.hasOwn(KEYS, value);
}
