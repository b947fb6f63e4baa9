import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { AppConfig } from '../config';

export const API_DOCS_PREFIX = '/api/docs';

/** OpenAPI 3 built from the routes' zod schemas; UI at /api/docs, JSON at /api/docs/json. */
export async function registerApiDocs(app: FastifyInstance, config: AppConfig): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: `${config.siteName} API`,
        description: 'Every endpoint of the AlumLink server. Send `Authorization: Bearer <access>` where required.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    // The online validator would need an img-src exception in the CSP.
    uiConfig: { validatorUrl: null, deepLinking: false },
  });
}
