import { Injectable } from '@nestjs/common';
import type { JobKind } from '../../infra/database/entities/index.js';
import type { Operation } from './operation.js';

/** Operations register themselves at start-up; the worker finds a job's operation by kind. */
@Injectable()
export class OperationRegistry {
  private readonly operations = new Map<JobKind, Operation>();

  register(operation: Operation<never>): void {
    this.operations.set(operation.kind, operation as Operation);
  }

  get(kind: JobKind): Operation {
    const operation = this.operations.get(kind);
    if (!operation) throw new Error(`no operation registered for job kind "${kind}"`);
    return operation;
  }
}
