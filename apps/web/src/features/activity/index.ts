/** Public face of the activity feature: the What's New panel beside the home feed. */
export { ActivityPanel } from './components/activity-panel';
export { activityKeys } from './api/keys';
