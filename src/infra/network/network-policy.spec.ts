import { describe, it, expect } from '@jest/globals';
import { loadConfig } from '../../config/app-config.js';
import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { HostResolver, isPublicAddress, NetworkPolicy } from './network-policy.js';

const DNS: Record<string, string[]> = {
  'example.com': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
  'internal.example.com': ['10.0.0.5'],
  'mixed.example.com': ['93.184.216.34', '127.0.0.1'],
  'www.linkedin.com': ['93.184.216.35'],
};
const resolver: HostResolver = async (host) => {
  if (!DNS[host]) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return DNS[host];
};

function policy(env: Record<string, string> = {}): NetworkPolicy {
  return new NetworkPolicy(loadConfig({ ALLOW_PRIVATE_TARGETS: 'false', UNCOVERED_DOMAINS: 'linkedin.com', ...env }), resolver);
}

async function refusal(check: () => Promise<unknown> | unknown): Promise<AppError> {
  try {
    await check();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}

const REFUSED_URLS = [
  'http://127.0.0.1/', 'http://127.255.0.9:8080/', 'http://10.1.2.3/', 'http://172.16.0.1/', 'http://172.31.255.255/',
  'http://192.168.1.1/', 'http://100.64.0.1/', 'http://169.254.169.254/latest/meta-data/', 'http://0.0.0.0/',
  'http://224.0.0.1/', 'http://240.0.0.1/', 'http://255.255.255.255/', 'http://[::1]/', 'http://[::ffff:127.0.0.1]/',
  'http://[::ffff:7f00:1]/', 'http://[::ffff:a00:1]/', 'http://[fc00::1]/', 'http://[fd00:ec2::254]/', 'http://[fe80::1]/',
  'http://[::]/', 'http://[::127.0.0.1]/', 'http://[64:ff9b::10.0.0.1]/', 'http://[2002:7f00:1::1]/',
  'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/', 'http://2130706433/', 'http://0x7f.1/', 'http://0177.0.0.1/',
  'http://127.1/', 'http://0/', 'http://localhost/', 'http://LOCALHOST./', 'http://api.localhost:3000/', 'http://metadata/',
  'http://metadata.google.internal/computeMetadata/v1/', 'http://instance-data/', 'http://ip-10-0-0-1.ec2.internal/',
  'http://internal.example.com/', 'https://mixed.example.com/',
];
const ALLOWED_URLS = [
  'http://93.184.216.34/', 'https://[2606:2800:220:1:248:1893:25c8:1946]/', 'https://example.com/path?q=1',
  'http://[64:ff9b::93.184.216.34]/', 'http://unknown.example.org/',
];

describe('NetworkPolicy.checkUrlSyntax', () => {
  const subject = policy();

  it.each(['ftp://example.com/', 'file:///etc/passwd', 'javascript:alert(1)', 'example.com', 'http://', ''])('refuses %j', async (raw) => {
    const error = await refusal(() => subject.checkUrlSyntax(raw));
    expect(error.code).toBe(ErrorCode.Validation);
    expect(Object.keys(error.details.errors ?? {})).toEqual(['url']);
  });

  it('refuses a user name or password in the URL', async () => {
    const error = await refusal(() => subject.checkUrlSyntax('http://user:pw@example.com/'));
    expect(error.details.errors).toEqual({ url: ['The URL must not contain a user name or password.'] });
  });

  it('returns the parsed URL', () => {
    expect(subject.checkUrlSyntax(' https://Example.com/a ').href).toBe('https://example.com/a');
  });

  it.each([
    ['http://2130706433/', '127.0.0.1'], ['http://0x7f.1/', '127.0.0.1'], ['http://0177.0.0.1/', '127.0.0.1'],
    ['http://127.1/', '127.0.0.1'], ['http://0x7f000001/', '127.0.0.1'], ['http://[::ffff:127.0.0.1]/', '[::ffff:7f00:1]'],
  ])('normalises the numeric host of %s to %s', (raw, host) => {
    expect(subject.checkUrlSyntax(raw).hostname).toBe(host);
  });
});

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1', '10.0.0.5', '172.16.0.1', '192.168.0.1', '100.64.0.1', '169.254.169.254', '0.0.0.0', '224.0.0.1',
    '240.0.0.1', '255.255.255.255', '192.0.2.1', '::1', '::', '::ffff:127.0.0.1', '::ffff:7f00:1', 'fc00::1', 'fd00:ec2::254',
    'fe80::1', 'ff02::1', '::7f00:1', '64:ff9b::a00:1', '2002:a00:1::1', 'not an address', '',
  ])('%j is not public', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  // Z22 F7: outside 2000::/3 (unallocated, or ranges ipaddr.js names), the local-use NAT64 prefix included.
  it.each(['4000::1', 'e000::1', 'fe00::1', '64:ff9b:1::a9fe:a9fe', 'fec0::1', '100::1'])('%s is not public: not global unicast', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each(['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946', '8.8.8.8', '64:ff9b::808:808'])('%s is public', (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });
});

describe('NetworkPolicy.assertTargetAllowed', () => {
  const subject = policy();

  it.each(REFUSED_URLS)('refuses %s with 422 on url', async (raw) => {
    const error = await refusal(() => subject.assertTargetAllowed(new URL(raw)));
    expect(error.code).toBe(ErrorCode.Validation);
    expect(Object.keys(error.details.errors ?? {})).toEqual(['url']);
  });

  it.each(ALLOWED_URLS)('allows %s', async (raw) => {
    await expect(subject.assertTargetAllowed(new URL(raw))).resolves.toBeUndefined();
  });

  it.each(['https://linkedin.com/in/x', 'https://www.linkedin.com/', 'https://WWW.LinkedIn.com./'])('does not serve %s', async (raw) => {
    const error = await refusal(() => subject.assertTargetAllowed(new URL(raw)));
    expect(error.details.errors?.url?.[0]).toMatch(/is not served\.$/);
  });

  it('serves a domain that only ends like an uncovered one', async () => {
    DNS['notlinkedin.com'] = ['93.184.216.36'];
    await expect(subject.assertTargetAllowed(new URL('https://notlinkedin.com/'))).resolves.toBeUndefined();
  });

  it('does not say which address an internal name resolves to', async () => {
    const error = await refusal(() => subject.assertTargetAllowed(new URL('http://internal.example.com/')));
    expect(error.message).not.toContain('10.0.0.5');
  });
});

describe('NetworkPolicy.checkDuringCrawl', () => {
  const subject = policy();

  it.each(REFUSED_URLS)('refuses %s', async (raw) => {
    await expect(subject.checkDuringCrawl(raw)).resolves.toEqual(expect.any(String));
  });

  it.each([...ALLOWED_URLS, 'wss://example.com/socket', 'data:text/html,hi', 'blob:https://example.com/1', 'about:blank'])(
    'allows %s',
    async (raw) => {
      await expect(subject.checkDuringCrawl(raw)).resolves.toBeNull();
    },
  );

  it.each(['ftp://example.com/', 'file:///etc/passwd', 'chrome://settings', 'ws://127.0.0.1:9222/devtools', 'https://linkedin.com/'])(
    'refuses %s',
    async (raw) => {
      await expect(subject.checkDuringCrawl(raw)).resolves.toEqual(expect.any(String));
    },
  );

  it('caches DNS answers', async () => {
    let calls = 0;
    const counting = new NetworkPolicy(loadConfig({ ALLOW_PRIVATE_TARGETS: 'false' }), async (host) => {
      calls++;
      return resolver(host);
    });
    await counting.checkDuringCrawl('https://example.com/a');
    await counting.checkDuringCrawl('https://example.com/b');
    expect(calls).toBe(1);
  });
});

describe('NetworkPolicy with ALLOW_PRIVATE_TARGETS=true', () => {
  const subject = policy({ ALLOW_PRIVATE_TARGETS: 'true' });

  it.each(['http://127.0.0.1:8080/', 'http://localhost/', 'http://[::1]/', 'http://internal.example.com/'])('allows %s', async (raw) => {
    await expect(subject.assertTargetAllowed(new URL(raw))).resolves.toBeUndefined();
    await expect(subject.checkDuringCrawl(raw)).resolves.toBeNull();
  });

  it('still refuses bad syntax, other schemes and uncovered domains', async () => {
    expect((await refusal(() => subject.checkUrlSyntax('ftp://127.0.0.1/'))).code).toBe(ErrorCode.Validation);
    expect((await refusal(() => subject.checkUrlSyntax('http://user:pw@127.0.0.1/'))).code).toBe(ErrorCode.Validation);
    expect((await refusal(() => subject.assertTargetAllowed(new URL('https://www.linkedin.com/')))).code).toBe(ErrorCode.Validation);
    await expect(subject.checkDuringCrawl('file:///etc/passwd')).resolves.toEqual(expect.any(String));
  });
});
