import { IsBoolean, IsIn, IsOptional } from 'class-validator';
import { CONTENT_FORMATS } from '../../../infra/content/page-content.js';
import type { ContentFormat } from '../../../infra/content/page-content.js';
import { pageContentWork } from '../../jobs/page-content-work.js';
import { documentContent } from '../../jobs/page-document.js';
import { readRenderedHtml } from '../../jobs/page-size.js';
import type { BlockRunner } from './block-runner.js';

export class ContentDetails {
  @IsOptional()
  @IsIn(CONTENT_FORMATS)
  format?: ContentFormat;

  @IsOptional()
  @IsBoolean()
  main_content?: boolean;
}

/**
 * Appends `{url, format, content}` of the page as it is now (section 8.1's formats) to `data.contents`; of a start
 * page that is a PDF, its text, as GET /crawl gives it (decisions.md 9.5).
 */
export const contentBlock: BlockRunner<ContentDetails> = {
  type: 'content',
  details: ContentDetails,
  list: 'contents',
  async run(context, details) {
    const { page } = context.session;
    const format = details.format ?? 'markdown';
    const asked = { format, mainContent: details.main_content ?? true, includeSelectors: [], excludeSelectors: [], scripted: context.session.options.js };
    const document = await context.documentPage();
    // Measured in the page first, like a crawl's HTML: an oversized DOM fails with page_too_large.
    const html = document ? document.html : await readRenderedHtml(page, context.bytesLeft);
    const url = page.url();
    const request = document ? documentContent(document, asked) : asked;
    const limits = { deadline: Date.now() + context.assertTimeLeft(), maxBytes: context.bytesLeft, signal: context.signal };
    const content = await pageContentWork({ kind: 'render', html, url, request }, limits);
    context.append('contents', { url, format, content });
  },
};
