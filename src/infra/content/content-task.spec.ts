import { describe, expect, it } from '@jest/globals';
import { performContentTask } from './content-task.js';

const URL_ = 'https://deep.example/page';

describe('the links task (GET /map, site crawls) resolves against the document base URL, as GET /crawl\'s links', () => {
  it('takes <base href> into account', () => {
    const html = '<html><head><base href="https://cdn.example/site/"></head><body><a href="rel">r</a><a href="/abs">a</a><a href="#top">t</a></body></html>';
    expect(performContentTask({ kind: 'links', html, url: URL_ })).toEqual({
      ok: true,
      value: [{ url: 'https://cdn.example/site/rel', text: 'r' }, { url: 'https://cdn.example/abs', text: 'a' }, { url: 'https://cdn.example/site/', text: 't' }],
    });
  });
});
