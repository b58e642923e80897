import type { JobView } from '../../src/modules/jobs/operation.js';

/** A finished, metered job's view (30 credits charged, 970 left), for envelope specs; override what the case needs. */
export function jobView<O>(kind: JobView<O>['job']['kind'], options: O, overrides: Partial<JobView<O>> = {}): JobView<O> {
  return {
    job: { id: 'o7hq2k_01JD3W0Z6F4X3N8V5Q2R9T1M7C', status: 'done', kind },
    options,
    output: null,
    error: null,
    position: null,
    debug: null,
    billing: { charged: 30, remaining: 970 },
    collected: false,
    ...overrides,
  };
}
