/** Public face of the referrals feature. */
export { ReferralsPage } from './pages/referrals-page';
export { referralKeys } from './api/keys';
export { AskReferralDialog } from './components/ask-referral-dialog';
