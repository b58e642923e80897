import { registerDecorator, ValidationOptions } from 'class-validator';
import { isBrowserSelector } from '../../../infra/content/css-selectors.js';
import { isKeyName } from '../../../infra/browser/key-names.js';
import { parseHttpUrl } from '../../../infra/network/url-syntax.js';

const MAX_SELECTOR_LENGTH = 2000;
const MAX_URL_LENGTH = 8192;

/** A selector the page's browser takes (css-selectors.ts's one rule), within the length cap. */
export function isCssSelector(value: unknown): boolean {
  return typeof value === 'string' && value.trim() !== '' && value.length <= MAX_SELECTOR_LENGTH && isBrowserSelector(value);
}

/** The network policy's syntax rule for URLs (parseHttpUrl), with a length cap for bodies. */
export function isHttpUrl(value: unknown): boolean {
  return typeof value === 'string' && value.length <= MAX_URL_LENGTH && parseHttpUrl(value).url !== null;
}

function decorator(name: string, validate: (value: unknown) => boolean, message: (property: string) => string) {
  return (options?: ValidationOptions): PropertyDecorator =>
    (target: object, propertyKey: string | symbol) => {
      registerDecorator({
        name,
        target: target.constructor,
        propertyName: propertyKey as string,
        options: { message: message(String(propertyKey)), ...options },
        validator: { validate },
      });
    };
}

export const IsCssSelector = decorator('isCssSelector', isCssSelector, (property) => `${property} must be a valid CSS selector`);
export const IsHttpUrl = decorator(
  'isHttpUrl',
  isHttpUrl,
  (property) => `${property} must be an absolute http or https URL with a host and no user name or password`,
);
export const IsKeyName = decorator(
  'isKeyName',
  isKeyName,
  (property) => `${property} must be one key as Puppeteer names it (Enter, Tab, Escape, ArrowDown, a, ...), case-sensitive, no combinations`,
);
