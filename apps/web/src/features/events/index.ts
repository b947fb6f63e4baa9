/** Public face of the events feature. */
export { EventsPage, UserEventsPage } from './pages/events-page';
export { eventKeys } from './api/get-events';
