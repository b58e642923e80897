import { describe, expect, it } from '@jest/globals';
import { readmeCalls } from '../harness/readme-calls.js';

describe('readmeCalls', () => {
  it('reads routes in backticks, curl URLs, -X methods and -G data pairs', () => {
    const markdown = [
      'Call `GET /crawl?url=…&format=markdown` or `DELETE /crawl/{job}`.',
      "curl -H 'x' 'http://127.0.0.1:3000/crawl?url=https://e.com/&wait_untill=load'",
      'curl -sG https://crawlgate.example/map \\',
      '  --data-urlencode url=https://e.com/ \\',
      "  --data-urlencode extract='{",
      '    "a": "h1"',
      "  }'",
      'curl -X POST "$BASE/crawl?js=true" -d \'{"blocks": []}\'',
    ].join('\n');
    expect(readmeCalls(markdown)).toEqual([
      { line: 1, method: 'GET', path: '/crawl', query: ['url', 'format'] },
      { line: 1, method: 'DELETE', path: '/crawl/{job}', query: [] },
      { line: 2, method: 'GET', path: '/crawl', query: ['url', 'wait_untill'] },
      { line: 3, method: 'GET', path: '/map', query: ['url', 'extract'] },
      { line: 8, method: 'POST', path: '/crawl', query: ['js'] },
    ]);
  });
});
