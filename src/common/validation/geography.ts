/**
 * ISO 3166-1 alpha-2, officially assigned codes only (the ISO 3166 Maintenance Agency's list, 249 codes): no
 * exceptionally or transitionally reserved code (UK, EU, ...) and no user-assigned one (XK, ...).
 */
const ISO_3166_ALPHA_2 = [
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ',
  'BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ',
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ',
  'DE DJ DK DM DO DZ',
  'EC EE EG EH ER ES ET',
  'FI FJ FK FM FO FR',
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY',
  'HK HM HN HR HT HU',
  'ID IE IL IM IN IO IQ IR IS IT',
  'JE JM JO JP',
  'KE KG KH KI KM KN KP KR KW KY KZ',
  'LA LB LC LI LK LR LS LT LU LV LY',
  'MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ',
  'NA NC NE NF NG NI NL NO NP NR NU NZ',
  'OM',
  'PA PE PF PG PH PK PL PM PN PR PS PT PW PY',
  'QA',
  'RE RO RS RU RW',
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ',
  'TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ',
  'UA UG UM US UY UZ',
  'VA VC VE VG VI VN VU',
  'WF WS',
  'YE YT',
  'ZA ZM ZW',
].flatMap((row) => row.split(' '));

/** The country codes a caller may ask for, upper case. */
export const COUNTRY_CODES: ReadonlySet<string> = new Set(ISO_3166_ALPHA_2);

/** An officially assigned ISO 3166-1 alpha-2 code, any case: the one rule for `country`, wherever it is read. */
export const COUNTRY_CODE = new RegExp(`^(?:${ISO_3166_ALPHA_2.join('|')})$`, 'i');

/**
 * Letters, digits, hyphens and underscores (so `.` and `;` never reach a proxy user name): the one rule for `city`,
 * whether or not the pool lists cities (decisions 9, correcting 8.5). A provider that reads a hyphen as a separator
 * can at worst refuse the credentials (407): that fails only the caller's own job, refunded (decisions 8.4).
 */
export const CITY_CHARACTERS = /^[A-Za-z0-9_-]+$/;
/** The longest city name taken (no place name comes near; a proxy user name has room for it). */
export const CITY_MAX_LENGTH = 64;
export const CITY_NAME = new RegExp(`^[A-Za-z0-9_-]{1,${CITY_MAX_LENGTH}}$`);

