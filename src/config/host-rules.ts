import { isFQDN, ValidateBy, ValidationOptions } from 'class-validator';
import ipaddr from 'ipaddr.js';

/**
 * A host name by the DNS rules: labels of letters (an international name's too), digits and hyphens (not at either
 * end), at most 63 characters each and 253 in all, the last not all digits (so `999.1.1.1` is neither an address nor
 * a name); one trailing dot allowed.
 */
export function isHostName(text: string): boolean {
  return isFQDN(text, { require_tld: false, allow_trailing_dot: true });
}

/** What HOST may be: an IPv4 address in its four decimal parts, an IPv6 address, or a host name. */
export function isListenHost(text: string): boolean {
  return ipaddr.IPv4.isValidFourPartDecimal(text) || ipaddr.IPv6.isValid(text) || isHostName(text);
}

/** The entries of a comma-separated list that are not domain names (a URL is refused, not read for its host). */
export function notDomainNames(list: string): string[] {
  return list.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '' && !isHostName(entry));
}

export const IsListenHost = (options?: ValidationOptions): PropertyDecorator =>
  ValidateBy({
    name: 'isListenHost',
    validator: {
      validate: (value) => typeof value === 'string' && isListenHost(value),
      defaultMessage: () => '$property must be an IP address (0.0.0.0, ::1) or a host name (letters, digits, hyphens and dots)',
    },
  }, options);

export const IsDomainList = (options?: ValidationOptions): PropertyDecorator =>
  ValidateBy({
    name: 'isDomainList',
    validator: {
      validate: (value) => typeof value === 'string' && notDomainNames(value).length === 0,
      defaultMessage: (args) =>
        `$property must list domain names (example.com), not URLs or addresses; refused: ${notDomainNames(String(args?.value)).map((entry) => JSON.stringify(entry)).join(', ')}`,
    },
  }, options);
