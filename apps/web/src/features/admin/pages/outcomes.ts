/** Lazy entry of one admin screen (its own chunk). */
export { OutcomesPage } from '../outcomes/outcomes-page';
