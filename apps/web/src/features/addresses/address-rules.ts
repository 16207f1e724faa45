import type { Address } from '@stride/contract';

/** The contract's limits: name 64, region and detail 140 characters. */
export const ADDRESS_LIMITS = { name: 64, phone: 16, region: 140, detail: 140 } as const;
/** The contract's MobileSchema, checked here too so the form answers before a round trip. */
const MOBILE = /^\+?[1-9][0-9]{6,14}$/;

export interface AddressDraft {
  readonly name: string;
  readonly phone: string;
  readonly region: string;
  readonly detail: string;
  readonly isDefault: boolean;
}

export type AddressField = 'name' | 'phone' | 'region' | 'detail';
export type AddressErrors = Partial<Record<AddressField, 'empty' | 'format'>>;

export const EMPTY_ADDRESS: AddressDraft = { name: '', phone: '', region: '', detail: '', isDefault: false };

export function draftOf(address: Address | undefined): AddressDraft {
  if (!address) return EMPTY_ADDRESS;
  const { name, phone, region, detail, isDefault } = address;
  return { name, phone, region, detail, isDefault };
}

/** Field errors of a draft; an empty object means it can be sent. Spaces in a phone are ignored. */
export function validateAddress(draft: AddressDraft): AddressErrors {
  const errors: AddressErrors = {};
  if (!draft.name.trim()) errors.name = 'empty';
  const phone = normalisePhone(draft.phone);
  if (!phone) errors.phone = 'empty';
  else if (!MOBILE.test(phone)) errors.phone = 'format';
  if (!draft.region.trim()) errors.region = 'empty';
  if (!draft.detail.trim()) errors.detail = 'empty';
  return errors;
}

export function normalisePhone(phone: string): string {
  return phone.replace(/[\s-]/g, '');
}

/** The body the server expects: trimmed text, the phone without spaces or dashes. */
export function toAddressBody(draft: AddressDraft, id?: string) {
  return {
    ...(id ? { id } : {}),
    name: draft.name.trim(),
    phone: normalisePhone(draft.phone),
    region: draft.region.trim(),
    detail: draft.detail.trim(),
    isDefault: draft.isDefault,
  };
}

/** `max` is the server's limit (`GET /api/rules`); it refuses one more. */
export function canAddAddress(count: number, max: number): boolean {
  return count < max;
}
