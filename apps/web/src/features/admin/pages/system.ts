/** Lazy entry of one admin screen (its own chunk). */
export { SystemPage } from '../system/system-page';
