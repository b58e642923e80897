var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
var EgressProxy_1;
import { isIP } from 'node:net';
import { Injectable, Logger } from '@nestjs/common';
import { RequestError, Server } from 'proxy-chain';
import { NetworkPolicy } from '../network/network-policy.js';
const LOOPBACK_CLIENTS = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
/** A dns.lookup that answers only with addresses the policy already checked, so a second DNS answer cannot differ. */
function pinnedLookup(addresses) {
    const entries = addresses.map((address) => ({ address, family: isIP(address) }));
    const lookup = (_host, options, callback) => {
        const done = (typeof options === 'function' ? options : callback);
        const opts = typeof options === 'number' ? { family: options } : typeof options === 'object' ? options : {};
        const family = opts.family === 'IPv4' ? 4 : opts.family === 'IPv6' ? 6 : opts.family || 0;
        const matching = family ? entries.filter((entry) => entry.family === family) : entries;
        process.nextTick(() => {
            if (matching.length === 0)
                done(Object.assign(new Error('No permitted address'), { code: 'ENOTFOUND' }), '');
            else if (opts.all)
                done(null, matching);
            else
                done(null, matching[0].address, matching[0].family);
        });
    };
    return lookup;
}
/**
 * The built-in egress proxy on 127.0.0.1: what the browser goes through when no pool is configured.
 * It applies the network policy itself at connect time, so a page cannot reach what the browser's checks missed.
 */
let EgressProxy = EgressProxy_1 = class EgressProxy {
    policy;
    logger = new Logger(EgressProxy_1.name);
    server = null;
    starting = null;
    address = null;
    constructor(policy) {
        this.policy = policy;
    }
    /** `http://127.0.0.1:<port>` once started, else null. */
    get url() {
        return this.address;
    }
    /** Starts the proxy on an ephemeral port (once) and returns its URL. */
    start() {
        this.starting ??= this.listen().catch((error) => {
            this.starting = null;
            throw error;
        });
        return this.starting;
    }
    async stop() {
        const server = this.server;
        this.server = null;
        this.starting = null;
        this.address = null;
        if (server)
            await server.close(true);
    }
    async onModuleDestroy() {
        await this.stop();
    }
    async listen() {
        const server = new Server({
            host: '127.0.0.1',
            port: 0,
            verbose: false,
            prepareRequestFunction: (options) => this.prepare(options),
        });
        server.on('requestFailed', ({ error }) => this.logger.debug(`Egress request failed: ${error.message}`));
        await server.listen();
        this.server = server;
        this.address = `http://127.0.0.1:${server.port}`;
        this.logger.log(`Built-in egress proxy listening on ${this.address}`);
        return this.address;
    }
    async prepare({ request, hostname }) {
        if (!LOOPBACK_CLIENTS.has(request.socket.remoteAddress ?? '')) {
            throw new RequestError('Only local clients may use this proxy.', 403);
        }
        const verdict = await this.policy.inspectHost(hostname);
        if (!verdict.allowed)
            throw new RequestError(`Blocked by the network policy: ${verdict.reason}`, 403);
        // An unresolved name stays unresolved here ([] pinned): a later answer could point inside.
        return verdict.addresses ? { dnsLookup: pinnedLookup(verdict.addresses) } : {};
    }
};
EgressProxy = EgressProxy_1 = __decorate([
    Injectable(),
    __metadata("design:paramtypes", [NetworkPolicy])
], EgressProxy);
export { EgressProxy };
