// Every table of the database; drizzle-kit reads this file to generate migrations.
export * from './users';
export * from './auth';
export * from './mail';
export * from './communities';
export * from './events';
export * from './social';
export * from './messaging';
export * from './careers';
export * from './settings';
export * from './admin';
export * from './account';
export * from './mentoring';
export * from './referral-pipeline';
export * from './moderation';
export * from './notification-delivery';
