// Every table of the database; drizzle-kit reads this file to generate migrations.
export * from './users';
export * from './auth';
export * from './mail';
export * from './communities';
export * from './events';
