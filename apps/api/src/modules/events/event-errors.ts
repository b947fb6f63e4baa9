import { notFound } from '../../lib/errors';

export const eventNotFound = () => notFound('Event not found.');
