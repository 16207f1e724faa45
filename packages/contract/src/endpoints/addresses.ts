import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { DoneSchema, IdParamsSchema, IdSchema, MobileSchema, PersonNameSchema, text } from '../common.js';

/** The delivery address as it was when the order was placed (later edits do not change it). */
export const ShippedToSchema = z.object({
  name: z.string(),
  phone: z.string(),
  region: z.string(),
  detail: z.string(),
});

export const AddressSchema = z.object({
  id: IdSchema,
  name: z.string(),
  phone: z.string(),
  region: z.string(),
  detail: z.string(),
  isDefault: z.boolean(),
});

export const listAddresses = defineEndpoint({
  id: 'address.list',
  method: 'GET',
  path: '/api/delivery_info',
  access: 'user',
  summary: 'My delivery addresses.',
  response: z.array(AddressSchema),
});

export const saveAddress = defineEndpoint({
  id: 'address.save',
  method: 'POST',
  path: '/api/delivery_info',
  access: 'user',
  summary: 'Add a delivery address, or edit one when `id` is given. At most 20.',
  body: z.strictObject({
    id: IdSchema.optional(),
    name: PersonNameSchema,
    phone: MobileSchema,
    region: text().trim().min(1).max(140),
    detail: text().trim().min(1).max(140),
    isDefault: z.boolean().default(false),
  }),
  response: AddressSchema,
});

export const deleteAddress = defineEndpoint({
  id: 'address.delete',
  method: 'DELETE',
  path: '/api/delivery_info/{id}',
  access: 'user',
  summary: 'Delete one of my delivery addresses.',
  params: IdParamsSchema,
  response: DoneSchema,
});

export type Address = z.output<typeof AddressSchema>;
