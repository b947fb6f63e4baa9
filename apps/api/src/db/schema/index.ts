// Every table of the database; drizzle-kit reads this file to generate migrations.
export * from './users';
export * from './auth';
export * from './mailbox';
export * from './communities';
export * from './events';
export * from './posts';
export * from './messaging';
export * from './jobs';
export * from './referrals';
export * from './settings';
export * from './admin';
export * from './account';
export * from './mentoring';
export * from './referral-pipeline';
export * from './moderation';
export * from './notification-delivery';
export * from './onboarding';
