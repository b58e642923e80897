import type { LookupAddress, LookupOptions } from 'node:dns';
import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '../../config/app-config.js';
import { NetworkPolicy, type HostResolver } from './network-policy.js';
import { policyLookup } from './policy-lookup.js';

type Answer = { error: (Error & { code?: string }) | null; address: string | LookupAddress[]; family?: number };

const DNS: Record<string, string[]> = {
  'dual.example': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
  'private.example': ['10.0.0.5'],
  'v4.example': ['93.184.216.34'],
};

function lookupWith(env: Record<string, string>, asked: string[] = []) {
  const resolver: HostResolver = async (host) => {
    asked.push(host);
    return DNS[host] ?? [];
  };
  const lookup = policyLookup(new NetworkPolicy(loadConfig(env), resolver));
  return (host: string, options: LookupOptions) =>
    new Promise<Answer>((done) => lookup(host, options, (error, address, family) => done({ error, address, family })));
}

const strict = (asked?: string[]) => lookupWith({ ALLOW_PRIVATE_TARGETS: 'false' }, asked);

describe('policyLookup', () => {
  it('answers the checked addresses, all of them or the first of the wanted family', async () => {
    expect(await strict()('dual.example', { all: true })).toEqual({
      error: null,
      address: [{ address: '93.184.216.34', family: 4 }, { address: '2606:2800:220:1:248:1893:25c8:1946', family: 6 }],
      family: undefined,
    });
    expect(await strict()('dual.example', { family: 6 })).toEqual({ error: null, address: '2606:2800:220:1:248:1893:25c8:1946', family: 6 });
    expect(await strict()('dual.example', {})).toEqual({ error: null, address: '93.184.216.34', family: 4 });
  });

  it('fails with the policy reason for a private answer or an internal name', async () => {
    const refusedPrivate = await strict()('private.example', { all: true });
    expect([refusedPrivate.error?.message, refusedPrivate.error?.code]).toEqual(['private.example resolves to a non-public address.', 'EPOLICY']);
    expect((await strict()('metadata.google.internal', {})).error?.message).toBe('metadata.google.internal is an internal host name.');
  });

  it('fails with ENOTFOUND for a name without addresses (of the wanted family)', async () => {
    expect((await strict()('nowhere.example', { all: true })).error?.code).toBe('ENOTFOUND');
    expect((await strict()('v4.example', { family: 6 })).error?.code).toBe('ENOTFOUND');
  });

  it('asks the resolver at every connect, not the cache of an earlier check', async () => {
    const asked: string[] = [];
    const lookup = strict(asked);
    await lookup('dual.example', {});
    await lookup('dual.example', {});
    expect(asked).toEqual(['dual.example', 'dual.example']);
  });

  it('resolves through the policy under ALLOW_PRIVATE_TARGETS too: private answers pass, no answer stays no answer', async () => {
    const asked: string[] = [];
    const open = lookupWith({ ALLOW_PRIVATE_TARGETS: 'true' }, asked);
    expect(await open('private.example', { family: 4 })).toEqual({ error: null, address: '10.0.0.5', family: 4 });
    expect((await open('nowhere.example', {})).error?.code).toBe('ENOTFOUND');
    expect(asked).toEqual(['private.example', 'nowhere.example']);
  });
});
