/** Public face of the referrals feature. */
export { ReferralsPage } from './pages/referrals-page';
export { referralKeys } from './api/keys';
export { AskReferralDialog } from './components/ask-referral-dialog';
export { RequestStatusBadge } from './components/request-status-badge';
