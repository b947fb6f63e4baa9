/** Lazy entry of one admin screen (its own chunk). */
export { RosterPage } from '../onboarding/roster-page';
