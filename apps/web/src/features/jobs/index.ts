/** Public face of the jobs feature: the page, the newest jobs for What's New, and the job form and open/close toggle the admin portal reuses. */
export { JobsPage } from './pages/jobs-page';
export { useNewestJobs, newestJobsQueryOptions } from './api/get-newest-jobs';
export { jobKeys } from './api/keys';
export { LazyJobFormDialog } from './components/lazy-job-dialogs';
export { useSetJobOpen } from './api/save-job';
