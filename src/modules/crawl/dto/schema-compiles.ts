import { AppError } from '../../../common/errors/app-error.js';
import { ErrorCode } from '../../../common/errors/error-code.js';
import { ContentBudgetError, ContentTimeoutError, runContentTask, SCHEMA_COMPILE_BUDGET_MS } from '../../../infra/content/content-threads.js';
import type { JsonSchemaObject } from '../../../infra/llm/answer-schema.js';

/**
 * How long a compile may wait for its turn (the organization's own content tasks first, then a thread): its budget
 * (SCHEMA_COMPILE_BUDGET_MS) runs from its start, so a wait is never the schema's fault.
 */
const COMPILE_WAIT_MS = 25_000;

/**
 * 422 on `ai_schema` when it does not compile, or not within its budget; compiled in a content thread, off the API's
 * event loop, as one of the organization's content tasks (the caller runs it under asContentOwner). A compile that
 * got no thread in time is the service's load, not the schema: 503, retry later.
 */
export async function assertSchemaCompiles(schema: JsonSchemaObject, run: typeof runContentTask = runContentTask): Promise<void> {
  let error: string | null;
  try {
    const waitUntil = Date.now() + COMPILE_WAIT_MS;
    error = await run({ kind: 'schema-error', schema }, waitUntil + SCHEMA_COMPILE_BUDGET_MS, undefined, waitUntil);
  } catch (thrown) {
    if (thrown instanceof ContentBudgetError) error = `ai_schema took more than ${SCHEMA_COMPILE_BUDGET_MS} ms to compile`;
    else if (thrown instanceof ContentTimeoutError) throw new AppError(ErrorCode.QueueUnavailable, 'The service is too busy to check ai_schema now; retry later.', { cause: thrown });
    else throw thrown;
  }
  if (error !== null) throw AppError.validation({ ai_schema: [error] });
}
