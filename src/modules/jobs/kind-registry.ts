import type { OnModuleInit } from '@nestjs/common';
import type { DiscoveryService } from '@nestjs/core';

/**
 * Providers marked with a discovery decorator, found at start-up and looked up by the job kind each claims: listing
 * one in its module's providers is its whole registration. Two claiming one kind is a start-up error.
 */
export abstract class KindRegistry<T extends { readonly kind: string }> implements OnModuleInit {
  protected readonly byKind = new Map<string, T>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly marker: { readonly KEY: string },
    private readonly role: string,
  ) {}

  onModuleInit(): void {
    for (const wrapper of this.discovery.getProviders({ metadataKey: this.marker.KEY })) {
      const provider = wrapper.instance as T;
      if (this.byKind.has(provider.kind)) throw new Error(`two ${this.role} claim the job kind "${provider.kind}"`);
      this.byKind.set(provider.kind, provider);
    }
  }
}
