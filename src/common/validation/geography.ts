/** ISO 3166-1 alpha-2, any case: the one rule for `country`, wherever it is read. */
export const COUNTRY_CODE = /^[A-Za-z]{2}$/;

/** Letters, digits, hyphens and underscores (so `.` and `;` never reach a proxy user name): the one rule for `city`. */
export const CITY_NAME = /^[A-Za-z0-9_-]{1,64}$/;
