import type { CDPSession } from 'puppeteer';
import type { Protocol } from 'puppeteer';
import { withFallback } from '../../common/time/deadline.js';

export interface EvaluationLimits {
  /** The script's time, from the call to its value's JSON text. */
  readonly timeoutMs: number;
  /** UTF-8 bytes of the value's JSON text at most. */
  readonly maxBytes: number;
}

/** Why a caller's script gave no value; the message is the caller's to read. */
export class EvaluationFailure extends Error {
  override readonly name = 'EvaluationFailure';
}

/** A renderer busy for this long is running the caller's script (or one it woke): its execution is terminated. */
const BUSY_PROBE_MS = 250;

/**
 * Runs in the page on the holder `{value}`: its JSON text in a holder of our own. An object literal defines its
 * property (no setter of the page runs), and nothing of the page ever holds a reference to it.
 */
const SERIALIZE = `function () {
  const value = this.value;
  if (value === undefined) return { json: 'null' };
  try { return { json: JSON.stringify(value) }; } catch (error) { return { json: undefined, error: String(error && error.message) }; }
}`;
/** A primitive string's length cannot be redefined by the page; anything else is not JSON text. */
const MEASURE = 'function () { const json = this.json; return typeof json === "string" ? json.length : -1; }';
const FETCH = 'function () { return this.json; }';

/**
 * The caller's expression run in the page's main world, its promise awaited: the JSON value, parsed in the worker.
 * Nothing the page controls crosses the DevTools pipe before its size is known: the value stays in the page, its JSON
 * text is made there (by whatever JSON.stringify the page has), its length is read as a primitive's, and only then
 * is the text fetched and parsed by the worker's own JSON.parse. Throws EvaluationFailure when the script throws, runs
 * past the time limit (a busy renderer is then stopped), or gives a value that is not JSON or is too large.
 */
export async function evaluateBounded(client: CDPSession, script: string, limits: EvaluationLimits): Promise<unknown> {
  const held: string[] = [];
  const timer = AbortSignal.timeout(limits.timeoutMs);
  const step = <T>(work: Promise<T>): Promise<T> => raceTime(client, work, timer, limits.timeoutMs);
  try {
    // A template, not eval(): Runtime.evaluate is not subject to the page's Content-Security-Policy.
    const expression = `(async () => ({ value: await (\n${script}\n) }))()`;
    const run = await step(client.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: false, userGesture: true }));
    const holder = objectOf(run, held);
    const serialized = objectOf(await step(call(client, holder, SERIALIZE, false)), held);
    const length = (await step(call(client, serialized, MEASURE, true))).result.value as number;
    if (length < 0) throw new EvaluationFailure('the value is not JSON');
    if (length > limits.maxBytes) throw new EvaluationFailure(`the value is over ${limits.maxBytes} bytes`);
    const json = (await step(call(client, serialized, FETCH, true))).result.value as string;
    if (Buffer.byteLength(json, 'utf8') > limits.maxBytes) throw new EvaluationFailure(`the value is over ${limits.maxBytes} bytes`);
    return parse(json);
  } catch (error) {
    // The page went to another document under the script: a failure of the script, not of the browser.
    if (error instanceof Error && /context was destroyed|cannot find context|inspected target navigated/i.test(error.message)) {
      throw new EvaluationFailure('the page navigated while the script ran');
    }
    throw error;
  } finally {
    for (const objectId of held) void client.send('Runtime.releaseObject', { objectId }).catch(() => undefined);
  }
}

function call(client: CDPSession, objectId: string, functionDeclaration: string, returnByValue: boolean) {
  return client.send('Runtime.callFunctionOn', { objectId, functionDeclaration, returnByValue, awaitPromise: false });
}

/** The remote object's id; the script's own exception becomes the failure. */
function objectOf(answer: Protocol.Runtime.EvaluateResponse | Protocol.Runtime.CallFunctionOnResponse, held: string[]): string {
  if (answer.exceptionDetails) throw new EvaluationFailure(`the script threw: ${describe(answer.exceptionDetails)}`);
  const objectId = answer.result.objectId;
  if (!objectId) throw new EvaluationFailure('the script gave no value');
  held.push(objectId);
  return objectId;
}

function describe(details: Protocol.Runtime.ExceptionDetails): string {
  const text = details.exception?.description ?? details.exception?.value ?? details.text;
  return String(text).split('\n')[0].slice(0, 300);
}

function parse(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    throw new EvaluationFailure('the value is not JSON');
  }
}

/** The step, unless the time runs out first: then a renderer still busy is told to stop the script. */
async function raceTime<T>(client: CDPSession, work: Promise<T>, timer: AbortSignal, timeoutMs: number): Promise<T> {
  work.catch(() => undefined);
  const expired = new Promise<'expired'>((resolve) => {
    if (timer.aborted) resolve('expired');
    else timer.addEventListener('abort', () => resolve('expired'), { once: true });
  });
  const outcome = await Promise.race([work, expired]);
  if (outcome !== 'expired') return outcome as T;
  // Terminating an idle renderer would kill its next script instead: only a renderer that does not answer is stopped.
  const answers = await withFallback(client.send('Runtime.evaluate', { expression: '0', returnByValue: true }).then(() => true), BUSY_PROBE_MS, false);
  if (!answers) await client.send('Runtime.terminateExecution').catch(() => undefined);
  throw new EvaluationFailure(`the script ran past ${timeoutMs / 1000} s`);
}
