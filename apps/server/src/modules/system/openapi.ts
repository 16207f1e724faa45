import { ENDPOINTS, envelopeSchema, type EndpointDef } from '@stride/contract';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

function toJson(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any' });
}

function parameters(endpoint: EndpointDef): JsonSchema[] {
  const list: JsonSchema[] = [];
  for (const [where, schema] of [
    ['path', endpoint.params],
    ['query', endpoint.query],
  ] as const) {
    if (!schema) continue;
    const json = toJson(schema, 'input');
    const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((json.required ?? []) as string[]);
    for (const [name, property] of Object.entries(properties)) {
      list.push({ name, in: where, required: where === 'path' || required.has(name), schema: property });
    }
  }
  return list;
}

/** The OpenAPI 3.1 document, generated from the contract: it cannot drift from the code. */
export function buildOpenApiDocument(version: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const endpoint of ENDPOINTS) {
    const operation: JsonSchema = {
      operationId: endpoint.id,
      summary: endpoint.summary,
      security:
        endpoint.access === 'none' ? [] : endpoint.access === 'console' ? [{ consoleCookie: [] }] : [{ bearer: [] }],
      parameters: parameters(endpoint),
      responses: {
        200: endpoint.binary
          ? {
              description: 'HTTP 200: the bytes on success; an envelope with `data: null` otherwise.',
              content: {
                'image/*': { schema: { type: 'string', format: 'binary' } },
                'application/json': { schema: toJson(envelopeSchema(z.null()), 'output') },
              },
            }
          : {
              description:
                'Always HTTP 200 with an envelope; `code` 1 is success and `data` is shown here. Other codes carry `data: null`.',
              content: { 'application/json': { schema: toJson(envelopeSchema(endpoint.response), 'output') } },
            },
      },
    };
    if (endpoint.body) {
      operation.requestBody = {
        // An optional body (logout's) may be left out entirely: what the server accepts decides.
        required: !endpoint.body.safeParse(undefined).success,
        content: { 'application/json': { schema: toJson(endpoint.body, 'input') } },
      };
    } else if (endpoint.multipart) {
      operation.requestBody = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: {
                file: { type: 'string', format: 'binary' },
                purpose: { type: 'string', enum: ['id_front', 'id_back', 'face', 'avatar', 'other'] },
              },
              required: ['file'],
            },
          },
        },
      };
    }
    (paths[endpoint.path] ??= {})[endpoint.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Stride API', version },
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        // The operator console (decision 021); state-changing calls also send `x-csrf-token`.
        consoleCookie: { type: 'apiKey', in: 'cookie', name: 'stride_console' },
      },
    },
    paths,
  };
}
