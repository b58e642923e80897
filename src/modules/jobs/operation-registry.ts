import { Injectable } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { KindRegistry } from './kind-registry.js';
import type { Operation } from './operation.js';

/** Marks a provider as a metered operation: listing it in its module's providers is its whole registration. */
export const MeteredOperation = DiscoveryService.createDecorator();

/** Finds the operations at start-up; the worker looks a job's operation up by kind. */
@Injectable()
export class OperationRegistry extends KindRegistry<Operation> {
  constructor(discovery: DiscoveryService) {
    super(discovery, MeteredOperation, 'operations');
  }

  /** The operation of a kind, or undefined (a kind no longer registered). */
  find(kind: string): Operation | undefined {
    return this.byKind.get(kind);
  }

  /** The kinds whose operation runs its own jobs (Operation.own): the lost-job sweeper leaves their rows alone. */
  ownKinds(): string[] {
    return [...this.byKind.values()].filter((operation) => operation.own).map((operation) => operation.kind);
  }

  /** Every registered kind. */
  kinds(): string[] {
    return [...this.byKind.keys()];
  }

  get(kind: string): Operation {
    const operation = this.byKind.get(kind);
    if (!operation) throw new Error(`no operation registered for job kind "${kind}"`);
    return operation;
  }
}
