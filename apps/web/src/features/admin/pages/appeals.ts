/** Lazy entry of one admin screen (its own chunk). */
export { AppealsPage } from '../appeals/appeals-page';
