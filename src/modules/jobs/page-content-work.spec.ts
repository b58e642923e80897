import { describe, expect, it } from '@jest/globals';
import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { pageContentWork } from './page-content-work.js';

describe('pageContentWork', () => {
  it('fails the job page_too_large when a task is too large for its bounds', async () => {
    const extract = { kind: 'page', html: '<p>long text</p>', url: 'https://a.example/', work: { extract: { rules: [['p', { selector: 'p', list: false, output: 'text', fields: null }]], maxBytes: 10 } } } as const;
    const error = await pageContentWork(extract, { deadline: Date.now() + 5_000, maxBytes: 1_000 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect([(error as AppError).code, (error as AppError).message]).toEqual([ErrorCode.PageTooLarge, 'The page or its extracts exceed 1000 bytes, the most an operation returns.']);
  });

  it('says a page nested too deep for its work is that, not a page past its bytes', async () => {
    const request = { format: 'markdown', mainContent: false, includeSelectors: [`${':not('.repeat(100_000)}a${')'.repeat(100_000)}`], excludeSelectors: [] } as const;
    const error = await pageContentWork({ kind: 'render', html: '<p>x</p>', url: 'https://a.example/', request }, { deadline: Date.now() + 5_000, maxBytes: 1_000 }).catch((caught: unknown) => caught);
    expect([(error as AppError).code, (error as AppError).message]).toEqual([ErrorCode.PageTooLarge, 'The page nests its content deeper than its work can follow.']);
  });
});
