import { describe, expect, it } from '@jest/globals';
import type { Page } from 'puppeteer';
import { PageUsage, trackPage } from './tracked-page.js';

/** Stands in for puppeteer's Page: private fields, so a method called with the wrong `this` throws. */
class FakePage {
  #listeners = new Map<string, Set<unknown>>();
  #calls: string[] = [];

  async goto(url: string): Promise<string> {
    this.#calls.push(`goto ${url}`);
    return url;
  }

  async evaluateOnNewDocument(): Promise<void> {
    this.#calls.push('evaluateOnNewDocument');
  }

  on(event: string, handler: unknown): this {
    this.#listeners.set(event, (this.#listeners.get(event) ?? new Set()).add(handler));
    return this;
  }

  off(event: string, handler: unknown): this {
    this.#listeners.get(event)?.delete(handler);
    return this;
  }

  listeners(event: string): number {
    return this.#listeners.get(event)?.size ?? 0;
  }

  get calls(): string[] {
    return this.#calls;
  }
}

function tracked(): { fake: FakePage; page: Page; usage: PageUsage } {
  const fake = new FakePage();
  const usage = new PageUsage();
  return { fake, usage, page: trackPage(fake as unknown as Page, usage) };
}

describe('trackPage', () => {
  it('calls through to the real page and leaves it clean for stateless methods', async () => {
    const { fake, page, usage } = tracked();
    expect(await page.goto('http://a.test/')).toBe('http://a.test/');
    expect(fake.calls).toEqual(['goto http://a.test/']);
    expect(usage.taintedBy).toBeNull();
  });

  it('notes the first stateful method called', async () => {
    const { page, usage } = tracked();
    await page.evaluateOnNewDocument('1');
    expect(usage.taintedBy).toBe('evaluateOnNewDocument');
  });

  it('removes the listeners the operation left, not the ones it removed itself', () => {
    const { fake, page, usage } = tracked();
    const kept = () => undefined;
    const removed = () => undefined;
    page.on('request', kept);
    page.on('request', removed);
    page.off('request', removed);
    expect(fake.listeners('request')).toBe(1);
    usage.removeListeners(fake as unknown as Page);
    expect(fake.listeners('request')).toBe(0);
    expect(usage.taintedBy).toBeNull();
  });

  it('returns the tracked page from on(), so chained calls stay tracked', async () => {
    const { page, usage } = tracked();
    await page.on('load', () => undefined).evaluateOnNewDocument('1');
    expect(usage.taintedBy).toBe('evaluateOnNewDocument');
  });
});
