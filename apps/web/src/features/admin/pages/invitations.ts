/** Lazy entry of one admin screen (its own chunk). */
export { InvitationsPage } from '../onboarding/invitations-page';
