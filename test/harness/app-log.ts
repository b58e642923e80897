import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { RUN_DIR } from './app-process.js';

/** The app's log (pino JSON lines). */
export function appLog(): string {
  return readFileSync(resolve(RUN_DIR, 'app.log'), 'utf8');
}

/** Waits until the app logged a line containing every one of `parts`, and answers it parsed; throws after `timeoutMs`. */
export async function waitForLogLine(parts: readonly string[], timeoutMs = 20_000): Promise<Record<string, unknown>> {
  for (const until = Date.now() + timeoutMs; Date.now() < until; await new Promise((done) => setTimeout(done, 100))) {
    // Whole lines only: the app may be halfway through writing the last one.
    const line = appLog().split('\n').slice(0, -1).find((entry) => parts.every((part) => entry.includes(part)));
    if (line) return JSON.parse(line) as Record<string, unknown>;
  }
  throw new Error(`The app logged no line with ${JSON.stringify(parts)} within ${timeoutMs} ms`);
}
