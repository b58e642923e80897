import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { AppConfig } from '../../config/app-config.js';
import { AppError } from '../../common/errors/app-error.js';
import { parseHttpUrl } from './url-syntax.js';
import { boundedResolver, DNS_BOUNDS, ResolverBusyError } from './bounded-resolver.js';
import type { HostResolver, LaneResolver, ResolverBounds } from './bounded-resolver.js';

export type { HostResolver };

/**
 * addresses: the checked addresses to connect to, [] when the name does not resolve. A connection goes to one of them,
 * never to the name: an empty list means nothing may be sent anywhere (decisions 8.5), whatever ALLOW_PRIVATE_TARGETS says.
 */
export type HostVerdict = { allowed: true; addresses: readonly string[] } | { allowed: false; reason: string };

const systemResolver: HostResolver = async (host) => (await lookup(host, { all: true })).map((entry) => entry.address);

const INTERNAL_NAMES = new Set(['localhost', 'metadata', 'metadata.google.internal', 'instance-data']);
const INTERNAL_SUFFIXES = ['.localhost', '.internal'];
const PASSIVE_SCHEMES = new Set(['data:', 'blob:', 'about:']);
const NETWORK_SCHEMES = new Set(['http:', 'https:', 'ws:', 'wss:']);
const DNS_TTL_MS = 30_000;
const DNS_CACHE_SIZE = 1000;
/** A name that did not resolve is not asked again for this long: failures are the cheap way to make lookups. */
const DNS_FAILURE_TTL_MS = 5_000;

/** Cloud metadata endpoints; their ranges are already refused, listed so the intent survives a range change. */
const METADATA_ADDRESSES = new Set(['169.254.169.254', 'fd00:ec2::254']);

// IPv4-compatible addresses (::a.b.c.d, deprecated) fall in what ipaddr.js calls unicast.
const IPV4_COMPATIBLE = ipaddr.IPv6.parseCIDR('::/96');
// ipaddr.js calls every address outside its special ranges unicast, unallocated ones too (4000::/2, e000::/4, fe00::/9):
// only the global unicast block is public (RFC 4291 2.5.4, IANA's allocations).
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');

function v4FromParts(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

/** The IPv4 address a NAT64, 6to4 or Teredo address leads to, if it is one. */
function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const parts = address.parts;
  switch (address.range()) {
    case 'rfc6052':
      return parts[2] === 0 ? v4FromParts(parts[6], parts[7]) : null;
    case '6to4':
      return v4FromParts(parts[1], parts[2]);
    case 'teredo':
      // The client address is stored with every bit inverted (RFC 4380).
      return v4FromParts(parts[6] ^ 0xffff, parts[7] ^ 0xffff);
    default:
      return null;
  }
}

/** True only for a globally routable unicast address; anything unparsable is not public. */
export function isPublicAddress(ip: string): boolean {
  const bare = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  if (!ipaddr.isValid(bare)) return false;
  const address = ipaddr.process(bare);
  if (METADATA_ADDRESSES.has(address.toNormalizedString()) || METADATA_ADDRESSES.has(address.toString())) return false;
  if (address.kind() === 'ipv4') return address.range() === 'unicast';
  const v6 = address as ipaddr.IPv6;
  const embedded = embeddedIpv4(v6);
  if (embedded) return embedded.range() === 'unicast';
  if (v6.match(IPV4_COMPATIBLE)) return false;
  return v6.range() === 'unicast' && v6.match(GLOBAL_UNICAST);
}

/** Lower-case, without brackets or trailing dots; numeric IPv4 forms (2130706433, 0x7f.1, 0177.0.0.1) become dotted. */
export function canonicalHost(host: string): string | null {
  const wrapped = isIP(host) === 6 ? `[${host}]` : host;
  try {
    const { hostname } = new URL(`http://${wrapped}/`);
    const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
    return bare.replace(/\.+$/, '') || null;
  } catch {
    return null;
  }
}

const allow = (addresses: readonly string[]): HostVerdict => ({ allowed: true, addresses });
const deny = (reason: string): HostVerdict => ({ allowed: false, reason });

/**
 * The SSRF rules: which targets a crawl may reach, before it starts and on every request the browser makes.
 * Provided by NetworkModule's factory with the system's DNS; specs pass their own resolver.
 */
export class NetworkPolicy {
  private readonly resolver: LaneResolver;
  private readonly uncovered: readonly string[];
  private readonly dnsCache = new Map<string, { addresses: string[]; expires: number }>();

  constructor(
    private readonly config: AppConfig,
    resolver?: HostResolver,
    bounds: ResolverBounds = DNS_BOUNDS,
  ) {
    this.resolver = boundedResolver(resolver ?? systemResolver, bounds);
    this.uncovered = config.uncoveredDomains.map((domain) => canonicalHost(domain) ?? domain);
  }

  /** Parses a caller's URL: http or https, with a host, without user name or password. */
  checkUrlSyntax(raw: string): URL {
    const { url, problem } = parseHttpUrl(raw);
    if (!url) throw AppError.field('url', problem);
    return url;
  }

  /** Before the crawl: 422 on `url` for an uncovered domain or a non-public target. */
  async assertTargetAllowed(url: URL): Promise<void> {
    const verdict = await this.inspectHost(url.hostname);
    if (!verdict.allowed) throw AppError.field('url', verdict.reason);
  }

  /** During the crawl, for every request the browser makes: null when allowed, else why not. */
  async checkDuringCrawl(raw: string): Promise<string | null> {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return 'The URL is invalid.';
    }
    if (PASSIVE_SCHEMES.has(url.protocol)) return null;
    if (!NETWORK_SCHEMES.has(url.protocol)) return `The ${url.protocol.slice(0, -1)} scheme is not allowed.`;
    const verdict = await this.inspectHost(url.hostname);
    return verdict.allowed ? null : verdict.reason;
  }

  /**
   * The host rules alone, with the addresses that passed, so a proxy can connect to exactly those (no DNS rebinding).
   * `fresh` asks the resolver again instead of the cache: a connect-time lookup checks the answer it connects to.
   * `lane`: the job the lookup is for (its relay binding), so one page's lookups wait in that job's own line.
   */
  async inspectHost(rawHost: string, { fresh = false, lane }: { fresh?: boolean; lane?: object } = {}): Promise<HostVerdict> {
    const host = canonicalHost(rawHost);
    if (!host) return deny('The URL has no valid host.');
    if (this.isUncovered(host)) return deny(`The domain ${host} is not served.`);
    // ALLOW_PRIVATE_TARGETS lifts the address rules, not the lookup: the connection still goes to what was resolved here.
    const open = this.config.allowPrivateTargets;
    if (isIP(host)) return open || isPublicAddress(host) ? allow([host]) : deny(`${host} is not a public address.`);
    if (!open && isInternalName(host)) return deny(`${host} is an internal host name.`);
    const addresses = await this.resolve(host, fresh, lane);
    // The address itself stays out of the message: it would tell callers how internal names resolve.
    if (!open && !addresses.every(isPublicAddress)) return deny(`${host} resolves to a non-public address.`);
    return allow(addresses);
  }

  private isUncovered(host: string): boolean {
    return this.uncovered.some((domain) => host === domain || host.endsWith(`.${domain}`));
  }

  /**
   * Cached for DNS_TTL_MS (failures for DNS_FAILURE_TTL_MS); [] when the name does not resolve (target_unreachable).
   * A lookup the resolver's own bounds refused is [] for this caller only: it says nothing of the name.
   */
  private async resolve(host: string, fresh: boolean, lane: object | undefined): Promise<string[]> {
    const now = Date.now();
    const cached = this.dnsCache.get(host);
    if (!fresh && cached && cached.expires > now) return cached.addresses;
    let addresses: string[];
    try {
      addresses = await this.resolver(host, lane);
    } catch (error) {
      if (error instanceof ResolverBusyError) return [];
      addresses = [];
    }
    this.dnsCache.delete(host);
    if (this.dnsCache.size >= DNS_CACHE_SIZE) this.dnsCache.delete(this.dnsCache.keys().next().value as string);
    this.dnsCache.set(host, { addresses, expires: Date.now() + (addresses.length > 0 ? DNS_TTL_MS : DNS_FAILURE_TTL_MS) });
    return addresses;
  }
}

function isInternalName(host: string): boolean {
  return INTERNAL_NAMES.has(host) || INTERNAL_SUFFIXES.some((suffix) => host.endsWith(suffix));
}
