import { Transform } from 'class-transformer';
import { IsOptional, IsString } from 'class-validator';
import { CityParam, CountryParam, KeyParam, lastValue } from '../../../common/validation/query-params.js';

/** The parameters every metered route shares besides its own: where the traffic exits, the `key` fallback, the webhook. */
export class GeographyQuery {
  /** Read by the pipeline (decisions.md 7.4); declared so that no route refuses it as unknown. */
  @IsOptional() @Transform(lastValue) @IsString()
  webhook_url?: string;

  @CountryParam()
  country?: string;

  @CityParam()
  city?: string;

  @KeyParam()
  key?: string;
}
