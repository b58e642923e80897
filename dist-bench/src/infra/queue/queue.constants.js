export const JOBS_QUEUE = 'jobs';
