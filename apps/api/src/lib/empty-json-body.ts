import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/**
 * In this plugin scope, an empty JSON body (or none at all) parses as `{}` instead of a 400.
 * Malformed JSON is still a 400.
 */
export function acceptEmptyJsonBody(scope: FastifyInstance): void {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text) as unknown);
    } catch {
      done(new AppError(400, 'invalid_json', 'Malformed JSON in request body.'), undefined);
    }
  });
  // No content type and no body at all.
  scope.addHook('preValidation', async (request) => {
    if (request.body === undefined || request.body === null) request.body = {};
  });
}
