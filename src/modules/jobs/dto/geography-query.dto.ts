import { CityParam, CountryParam, KeyParam } from '../../../common/validation/query-params.js';

/** The parameters every metered GET shares besides its own: where the traffic exits, and the `key` fallback. */
export class GeographyQuery {
  @CountryParam()
  country?: string;

  @CityParam()
  city?: string;

  @KeyParam()
  key?: string;
}
