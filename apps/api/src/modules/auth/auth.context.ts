import type { FastifyInstance } from 'fastify';

/** What the auth services need from the app (the app itself satisfies it). */
export type AuthContext = Pick<FastifyInstance, 'db' | 'config' | 'mailer'>;
