import { randomId } from '../auth/secrets.js';
/** `<org public id>_<random id>`: letters and digits only; the first part scopes the job to its organization. */
export function newJobId(organizationPublicId) {
    return `${organizationPublicId}_${randomId(26)}`;
}
