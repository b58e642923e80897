import { Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { Operation } from './operation.js';

/** Marks a provider as a metered operation: listing it in its module's providers is its whole registration. */
export const MeteredOperation = DiscoveryService.createDecorator();

/** Finds the operations at start-up; the worker looks a job's operation up by kind. */
@Injectable()
export class OperationRegistry implements OnModuleInit {
  private readonly operations = new Map<string, Operation>();

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    for (const wrapper of this.discovery.getProviders({ metadataKey: MeteredOperation.KEY })) {
      const operation = wrapper.instance as Operation;
      if (this.operations.has(operation.kind)) throw new Error(`two operations claim the job kind "${operation.kind}"`);
      this.operations.set(operation.kind, operation);
    }
  }

  /** The operation of a kind, or undefined (a kind no longer registered). */
  find(kind: string): Operation | undefined {
    return this.operations.get(kind);
  }

  get(kind: string): Operation {
    const operation = this.operations.get(kind);
    if (!operation) throw new Error(`no operation registered for job kind "${kind}"`);
    return operation;
  }
}
