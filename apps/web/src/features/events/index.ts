/** Public face of the events feature: what the admin portal's events screen reuses. */
export { eventKeys, useEvents } from './api/get-events';
export { formatEventRange } from './event-time';
