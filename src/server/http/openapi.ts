import swagger, { type SwaggerTransform } from '@fastify/swagger';
import type { FastifyInstance, FastifySchema } from 'fastify';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorSchema, IdeaSchema, MeSchema, UsageSchema } from '#contract/api-schemas.js';

export const OPENAPI_PATH = '/api/openapi.json';

const OpenApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

/** The shapes many calls share, named once in the document's components and referenced. */
const sharedSchemas = z.registry<{ id: string }>();
sharedSchemas.add(ErrorSchema, { id: 'Error' });
sharedSchemas.add(IdeaSchema, { id: 'Idea' });
sharedSchemas.add(MeSchema, { id: 'Me' });
sharedSchemas.add(UsageSchema, { id: 'Usage' });
const jsonSchemaTransform = createJsonSchemaTransform({ schemaRegistry: sharedSchemas });

/**
 * Every route's document entry, made from the zod schemas it validates and serialises with, plus
 * the one error shape the error handler gives every failure (docs/api.md, "Errors") as the
 * `default` answer: the specific codes a route declares stay as they are.
 */
const documentRoute: SwaggerTransform = (document) => {
  const response = { default: ErrorSchema, ...(document.schema.response as object | undefined) };
  return jsonSchemaTransform({ ...document, schema: { ...document.schema, response } });
};

/**
 * The document entry of a route that takes one file as multipart/form-data. Its body is read
 * as a stream by the route (http/upload.ts), never validated as a whole, so it has no zod body
 * schema to convert: this says in the document what the route reads. Set it as the route's
 * `config.swaggerTransform`.
 */
export function documentFileUpload(field: string, description: string): SwaggerTransform {
  return (document) => {
    const { schema, url } = documentRoute(document);
    const body = {
      type: 'object',
      required: [field],
      properties: {
        [field]: { type: 'string', contentMediaType: 'application/octet-stream', description },
      },
    };
    return { url, schema: { ...schema, consumes: ['multipart/form-data'], body } as FastifySchema };
  };
}

/**
 * The OpenAPI 3.1 document of every route registered after this, generated from their schemas,
 * served at GET /api/openapi.json. Register it before the routes: it learns them as they are
 * added.
 */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Voice Ideas API',
        version,
        description:
          'Turn a spoken thought into a finished tweet, checklist or pitch. Every error is ' +
          '{error, message}; see docs/api.md for the rules behind each call.',
      },
    },
    transform: documentRoute,
    transformObject: createJsonSchemaTransformObject({ schemaRegistry: sharedSchemas }),
  });

  let document: string | undefined;
  app.get(
    OPENAPI_PATH,
    { schema: { response: { 200: OpenApiDocumentSchema } } },
    async (_request, reply) => {
      // The routes cannot change once the server is ready, so the document is made once and
      // sent as the JSON text it already is.
      document ??= JSON.stringify(app.swagger());
      return reply.type('application/json; charset=utf-8').send(document);
    },
  );
}
