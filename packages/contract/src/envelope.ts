import { z } from 'zod';

/** Every answer of /api: `{code, message, data}`; code 1 is success. */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), message: z.string(), data });
}

export const ErrorEnvelopeSchema = z.object({
  code: z.number().int(),
  message: z.string(),
  data: z.null(),
});

export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}
