import { ENDPOINTS, type EndpointDef } from '@stride/contract';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

function toJson(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  // The document names its dialect once (OpenAPI 3.1 is JSON Schema 2020-12); a nested `$schema`
  // would make each answer's schema a resource of its own.
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return json;
}

const ERROR_ENVELOPE_REF = { $ref: '#/components/schemas/ErrorEnvelope' };

/** Every answer that is not a success: any code but 1, a message in the caller's language, `data: null`. */
const ERROR_ENVELOPE: JsonSchema = {
  type: 'object',
  properties: {
    code: { type: 'integer', not: { const: 1 } },
    message: { type: 'string' },
    data: { type: 'null' },
  },
  required: ['code', 'message', 'data'],
  additionalProperties: false,
};

/** A success envelope (`code` 1, `data` the endpoint's answer) or an error envelope: what a 200 carries. */
function answerSchema(endpoint: EndpointDef): JsonSchema {
  const success = toJson(z.object({ code: z.literal(1), message: z.string(), data: endpoint.response }), 'output');
  return { oneOf: [success, ERROR_ENVELOPE_REF] };
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
                'application/json': { schema: ERROR_ENVELOPE_REF },
              },
            }
          : {
              description:
                'An envelope: `code` 1 with `data` as shown on success, or another code (the codes of the API) with `data: null`.',
              content: { 'application/json': { schema: answerSchema(endpoint) } },
            },
        default: {
          description:
            'An unknown address (404), a briefly unavailable service (503) or a fault on the server (500): an error envelope.',
          content: { 'application/json': { schema: ERROR_ENVELOPE_REF } },
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
      schemas: { ErrorEnvelope: ERROR_ENVELOPE },
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        // The operator console (decision 021 "Operator accounts and console sessions"); state-changing calls also send
        // `x-csrf-token`.
        consoleCookie: { type: 'apiKey', in: 'cookie', name: 'stride_console' },
      },
    },
    paths,
  };
}
