/** Lazy entry of one admin screen (its own chunk). */
export { ReferralsPage } from '../referrals/referrals-page';
