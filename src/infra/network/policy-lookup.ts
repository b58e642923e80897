import type { LookupOptions } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import type { NetworkPolicy } from './network-policy.js';

function wantedFamily(family: LookupOptions['family']): number {
  if (family === 'IPv4') return 4;
  if (family === 'IPv6') return 6;
  return family ?? 0;
}

const failure = (message: string, code: string) => Object.assign(new Error(message), { code });

/**
 * A `lookup` for node:net, http and https that resolves through the network policy when the socket connects: the
 * socket gets only addresses the policy has just checked, or an error carrying the policy's reason. Address literals
 * never reach a lookup, so callers check those with `inspectHost` themselves.
 */
export function policyLookup(policy: NetworkPolicy): LookupFunction {
  return (hostname, options, callback) => {
    void policy.inspectHost(hostname, { fresh: true }).then((verdict) => {
      if (!verdict.allowed) return callback(failure(verdict.reason, 'EPOLICY'), '');
      const family = wantedFamily(options.family);
      const addresses = verdict.addresses.filter((address) => family === 0 || isIP(address) === family);
      if (addresses.length === 0) return callback(failure(`${hostname} does not resolve`, 'ENOTFOUND'), '');
      if (options.all) return callback(null, addresses.map((address) => ({ address, family: isIP(address) })));
      callback(null, addresses[0], isIP(addresses[0]));
    }, (error: Error) => callback(error, ''));
  };
}
