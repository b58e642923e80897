import { beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { call } from '../harness/http.js';
import { readmeCalls } from '../harness/readme-calls.js';

interface Operation {
  readonly parameters?: ReadonlyArray<{ readonly name: string; readonly in: string }>;
}
type Paths = Record<string, Record<string, Operation>>;

let paths: Paths;
const README = ['README.md', 'docs/design.md', 'clients/typescript/README.md', 'clients/python/README.md'].flatMap((file) => {
  try {
    return [{ file, text: readFileSync(file, 'utf8') }];
  } catch {
    return [];
  }
});

beforeAll(async () => {
  const answer = await call('/openapi.json');
  expect(answer.status).toBe(200);
  paths = (answer.body as unknown as { paths: Paths }).paths;
});

/** The documented path a README path stands for: `/crawl/{job}` for `/crawl/abc_def` and for `/crawl/{job_id}`. */
function documentedPath(path: string): string | null {
  const segments = path.replace(/\/$/, '').split('/');
  for (const candidate of Object.keys(paths)) {
    const pattern = candidate.split('/');
    if (pattern.length !== segments.length) continue;
    if (pattern.every((part, index) => part === segments[index] || part.startsWith('{'))) return candidate;
  }
  return null;
}

describe('the README says what the OpenAPI document says (issue 38 item 3)', () => {
  it('finds the calls it checks', () => {
    const calls = README.flatMap(({ text }) => readmeCalls(text));
    expect(calls.length).toBeGreaterThan(20);
    expect(calls.some((readme) => readme.method === 'POST' && readme.path === '/crawl')).toBe(true);
  });

  it('names only documented routes, methods and query parameters', () => {
    const wrong: string[] = [];
    for (const { file, text } of README) {
      for (const readme of readmeCalls(text)) {
        const where = `${file}:${readme.line} ${readme.method} ${readme.path}`;
        const path = documentedPath(readme.path);
        const operation = path ? paths[path][readme.method.toLowerCase()] : undefined;
        if (!operation) {
          wrong.push(`${where}: no such route`);
          continue;
        }
        const known = new Set((operation.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name));
        for (const name of readme.query) if (!known.has(name)) wrong.push(`${where}: no query parameter ${name}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
