import { parentPort, workerData } from 'node:worker_threads';
import { extractFromPage } from './extract-page.js';
import type { ExtractInput, ExtractReply } from './extract-in-thread.js';
import { ExtractTooLargeError } from './output-budget.js';

// The thread of extractInThread: one extraction, its answer posted back, then the thread ends.
const input = workerData as ExtractInput;
let reply: ExtractReply;
try {
  reply = { ok: true, value: extractFromPage(input.html, input.pageUrl, input.rules, input.maxBytes) };
} catch (error) {
  reply = { ok: false, tooLarge: error instanceof ExtractTooLargeError, message: error instanceof Error ? error.message : String(error) };
}
parentPort?.postMessage(reply);
