import { Transform } from 'class-transformer';
import { BooleanText } from '../../../common/validation/boolean-text.js';
import { IsOptional, IsString } from 'class-validator';
import { lastValue } from '../../../common/validation/query-params.js';
import type { ContentFormat } from '../../../infra/content/page-content.js';
import { FormatParam, OutputParam, SelectorsParam } from '../../jobs/dto/content-query.js';
import type { Output } from '../../jobs/dto/content-query.js';
import { PageQuery } from '../../jobs/dto/page-query.dto.js';

/** GET /crawl: the shared page parameters and the content ones (decisions.md 8.1). */
export class CrawlQuery extends PageQuery {
  @FormatParam() format?: ContentFormat;
  @IsOptional() @BooleanText() main_content?: boolean;
  @SelectorsParam() include_selectors?: string[];
  @SelectorsParam() exclude_selectors?: string[];
  @OutputParam() output?: Output;
  /** Parsed and checked by parseStructuredParams (decisions.md 8.2); declared so that the query accepts them. */
  @IsOptional() @Transform(lastValue) @IsString() extract?: string;
  @IsOptional() @Transform(lastValue) @IsString() ai_schema?: string;
}
