import type { Page } from 'puppeteer';

/**
 * Page methods that leave nothing behind for the next job on the same tab: they act on the current document,
 * read state, or set what every job sets again (viewport, user agent, JavaScript). Calling any other method
 * (evaluateOnNewDocument, exposeFunction, setExtraHTTPHeaders, emulate*, createCDPSession, browserContext, ...)
 * marks the tab as not reusable: it is closed after the job instead of being wiped.
 */
const STATELESS = new Set<PropertyKey>([
  '$', '$$', '$$eval', '$eval', 'addScriptTag', 'addStyleTag', 'bringToFront', 'click', 'content', 'cookies',
  'deleteCookie', 'evaluate', 'evaluateHandle', 'focus', 'frames', 'getDefaultNavigationTimeout',
  'getDefaultTimeout', 'goBack', 'goForward', 'goto', 'hover', 'isClosed', 'isJavaScriptEnabled', 'listenerCount',
  'locator', 'mainFrame', 'metrics', 'pdf', 'queryObjects', 'reload', 'screenshot', 'select', 'setContent',
  'setCookie', 'setJavaScriptEnabled', 'setViewport', 'tap', 'title', 'type', 'url', 'viewport',
  'waitForFrame', 'waitForFunction', 'waitForNavigation', 'waitForNetworkIdle', 'waitForRequest',
  'waitForResponse', 'waitForSelector', 'workers',
]);

const ADD_LISTENER = new Set<PropertyKey>(['on', 'once', 'addListener']);
const REMOVE_LISTENER = new Set<PropertyKey>(['off', 'removeListener']);

type Listener = (event: unknown) => void;

/** What an operation did to its page beyond the current document. */
export class PageUsage {
  /** The first stateful method called, if any. */
  taintedBy: string | null = null;
  readonly listeners: Array<[event: string, handler: Listener]> = [];

  /** Removes the listeners the operation added, so they do not fire during the next job. */
  removeListeners(page: Page): void {
    for (const [event, handler] of this.listeners.splice(0)) page.off(event as never, handler as never);
  }
}

/**
 * The page handed to an operation: the real page behind a proxy that notes stateful calls and added listeners.
 * Methods are bound to the real page (puppeteer's private fields need the real `this`).
 */
export function trackPage(page: Page, usage: PageUsage): Page {
  const bound = new Map<PropertyKey, unknown>();
  const proxy: Page = new Proxy(page, {
    get(target, name) {
      const value: unknown = Reflect.get(target, name, target);
      if (typeof value !== 'function') return value;
      let wrapper = bound.get(name);
      if (!wrapper) {
        wrapper = wrap(target, name, value as (...args: unknown[]) => unknown, usage, () => proxy);
        bound.set(name, wrapper);
      }
      return wrapper;
    },
  });
  return proxy;
}

function wrap(
  page: Page,
  name: PropertyKey,
  method: (...args: unknown[]) => unknown,
  usage: PageUsage,
  self: () => Page,
): (...args: unknown[]) => unknown {
  if (ADD_LISTENER.has(name) || REMOVE_LISTENER.has(name)) {
    return (event: unknown, handler: unknown) => {
      if (ADD_LISTENER.has(name)) usage.listeners.push([event as string, handler as Listener]);
      else forget(usage, event, handler);
      method.call(page, event, handler);
      return self();
    };
  }
  return (...args: unknown[]) => {
    if (!STATELESS.has(name) && usage.taintedBy === null) usage.taintedBy = String(name);
    return method.apply(page, args);
  };
}

function forget(usage: PageUsage, event: unknown, handler: unknown): void {
  const index = usage.listeners.findIndex(([e, h]) => e === event && h === handler);
  if (index >= 0) usage.listeners.splice(index, 1);
}
