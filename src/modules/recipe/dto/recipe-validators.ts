import { registerDecorator, ValidationOptions } from 'class-validator';
import { isTraversal, parse } from 'css-what';
import { isKeyName } from '../../../infra/browser/key-names.js';
import { parseHttpUrl } from '../../../infra/network/url-syntax.js';

const MAX_SELECTOR_LENGTH = 2000;
const MAX_URL_LENGTH = 8192;

const QUOTED_OR_ATTRIBUTE = /"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\[[^\]]*\]/g;
const BAD_CLASS_OR_ID = /[.#](?![A-Za-z_\\\u00a0-\uffff]|-[A-Za-z_\\\u00a0-\uffff-])/;

/** Syntax only: css-what parses it, and no comma-separated part is empty or starts or ends with a combinator. */
export function isCssSelector(value: unknown): boolean {
  if (typeof value !== 'string' || value.trim() === '' || value.length > MAX_SELECTOR_LENGTH) return false;
  // css-what reads `..item` or `#5` as names; a class or id must start like a CSS identifier.
  if (BAD_CLASS_OR_ID.test(value.replace(QUOTED_OR_ATTRIBUTE, ''))) return false;
  try {
    // css-what accepts `div >` and `> a`; querySelectorAll refuses them.
    return parse(value).every((part) => part.length > 0 && !isTraversal(part[0]) && !isTraversal(part[part.length - 1]));
  } catch {
    return false;
  }
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
