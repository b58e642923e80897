import { Transform } from 'class-transformer';
import { IsOptional, IsString } from 'class-validator';
import { ParamDoc } from '../../../common/openapi/param-doc.js';
import { CityParam, CountryParam, KeyParam, lastValue } from '../../../common/validation/query-params.js';

/** The parameters every metered route shares besides its own: where the traffic exits, the `key` fallback, the webhook. */
export class GeographyQuery {
  /** Read by the pipeline (decisions.md 7.4); declared so that no route refuses it as unknown. */
  @ParamDoc({ description: 'POSTed a signed WebhookEvent when the job ends', format: 'uri' })
  @IsOptional() @Transform(lastValue) @IsString()
  webhook_url?: string;

  @ParamDoc('ISO 3166-1 alpha-2 code of the exit, any case')
  @CountryParam()
  country?: string;

  @ParamDoc('City of the exit (requires country): doubles the price of GET /crawl (and of a site crawl\'s pages); free on the flat-priced routes')
  @CityParam()
  city?: string;

  /** The `key` security scheme documents it. */
  @ParamDoc({ description: 'API key', hidden: true })
  @KeyParam()
  key?: string;
}
