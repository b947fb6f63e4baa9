/** Lazy entry of one admin screen (its own chunk). */
export { CohortsPage } from '../onboarding/cohorts-page';
