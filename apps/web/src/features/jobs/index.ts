/** Public face of the jobs feature: the page, and the newest jobs for What's New. */
export { JobsPage } from './pages/jobs-page';
export { useNewestJobs, newestJobsQueryOptions } from './api/get-newest-jobs';
export { jobKeys } from './api/keys';
