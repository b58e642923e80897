/** A job id as newJobId makes it, `<organization public id>_<random id>`: the one rule the API and its document use. */
export const JOB_ID_PATTERN = '^[A-Za-z0-9]{1,16}_[A-Za-z0-9]{1,40}$';
