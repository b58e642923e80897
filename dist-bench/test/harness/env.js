import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
export const ENV_FILE = resolve('.test-run/env.json');
let cached;
export function testEnv() {
    cached ??= JSON.parse(readFileSync(ENV_FILE, 'utf8'));
    return cached;
}
