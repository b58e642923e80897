import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { ParamDoc } from '../../../common/openapi/param-doc.js';
import { lastValue } from '../../../common/validation/query-params.js';
import { HeaderOnlyQuery } from '../../auth/header-only-query.js';

/** GET /crawl/{job}: `cursor` is its one parameter, and only site crawls take it (decisions.md 9.3; 422 elsewhere). */
export class CollectQuery extends HeaderOnlyQuery {
  @ParamDoc('Site crawls only: where the previous answer\'s `next` left off')
  @IsOptional() @Transform(lastValue) @IsString() @MaxLength(200)
  cursor?: string;
}
