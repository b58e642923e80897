import { AppError } from '../../../common/errors/app-error.js';
import { ContentTimeoutError, runContentTask } from '../../../infra/content/content-threads.js';
import type { JsonSchemaObject } from '../../../infra/llm/answer-schema.js';

// Within its bounds a schema compiles in milliseconds; this only guards against a bound that proves too loose.
const COMPILE_BUDGET_MS = 5_000;

/** 422 on `ai_schema` when it does not compile; compiled in a content thread, off the API's event loop. */
export async function assertSchemaCompiles(schema: JsonSchemaObject): Promise<void> {
  let error: string | null;
  try {
    error = await runContentTask({ kind: 'schema-error', schema }, Date.now() + COMPILE_BUDGET_MS);
  } catch (thrown) {
    if (!(thrown instanceof ContentTimeoutError)) throw thrown;
    error = `ai_schema took more than ${COMPILE_BUDGET_MS} ms to compile`;
  }
  if (error !== null) throw AppError.validation({ ai_schema: [error] });
}
