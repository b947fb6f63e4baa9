export { communitiesQueryOptions } from './api/get-communities';
