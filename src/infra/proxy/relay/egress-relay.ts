import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import type { AppConfig } from '../../../config/app-config.js';
import { InjectConfig } from '../../../config/config.module.js';
import { NetworkPolicy } from '../../network/network-policy.js';
import { ProxyPoolService, type ProxyFault } from '../proxy-pool.service.js';
import type { ProxyRoute } from '../proxy-route.js';
import { RelaySlot, type ProxyFaultListener } from './relay-slot.js';

/**
 * The worker's one way out: a relay slot on 127.0.0.1 per tab (config browser.tabs), each the fixed proxy of one context.
 * It applies the network policy to every request and tunnel, and is the only judge of an upstream proxy's health.
 */
@Injectable()
export class EgressRelay implements OnApplicationShutdown {
  private readonly slots: RelaySlot[];
  private readonly free: RelaySlot[];
  private starting: Promise<void> | null = null;

  constructor(
    @InjectConfig() config: AppConfig,
    policy: NetworkPolicy,
    private readonly proxies: ProxyPoolService,
  ) {
    const onFault: ProxyFaultListener = (route, reason, fault) => this.onProxyFault(route, reason, fault);
    this.slots = Array.from({ length: config.browser.tabs }, (_, index) => new RelaySlot(index, policy, onFault));
    this.free = [...this.slots];
  }

  /** A slot no job holds (the browser pool holds at most one per tab at once); pair with release(). */
  async claim(): Promise<RelaySlot> {
    await this.started();
    const slot = this.free.pop();
    if (!slot) throw new Error('Every relay slot is held: more tabs than browser.tabs.');
    return slot;
  }

  release(slot: RelaySlot): void {
    slot.release();
    this.free.push(slot);
  }

  /** A failed start is not kept: the next claim tries again (slots already listening stay as they are). */
  private started(): Promise<void> {
    this.starting ??= Promise.all(this.slots.map((slot) => slot.listen()))
      .then(() => undefined)
      .catch((error: unknown) => {
        this.starting = null;
        throw error;
      });
    return this.starting;
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.starting) await Promise.all(this.slots.map((slot) => slot.close()));
  }

  private onProxyFault(route: ProxyRoute, reason: string, fault: ProxyFault): void {
    this.proxies.reportFault(route, reason, fault);
  }
}
