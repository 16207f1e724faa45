import { describe, expect, it } from 'vitest';
import { EMPTY_ADDRESS, canAddAddress, toAddressBody, validateAddress } from './address-rules';

const VALID = {
  name: 'Li Lei',
  phone: '138 0013 8000',
  region: 'Shanghai Pudong',
  detail: 'No. 1 Century Ave',
  isDefault: false,
};

describe('address form validation', () => {
  it('accepts a complete address, ignoring spaces in the phone', () => {
    expect(validateAddress(VALID)).toEqual({});
  });

  it('says which fields are empty', () => {
    expect(validateAddress(EMPTY_ADDRESS)).toEqual({ name: 'empty', phone: 'empty', region: 'empty', detail: 'empty' });
    expect(validateAddress({ ...VALID, name: '   ', detail: ' ' })).toEqual({ name: 'empty', detail: 'empty' });
  });

  it('refuses a phone that is not a mobile number', () => {
    expect(validateAddress({ ...VALID, phone: '12ab' }).phone).toBe('format');
    expect(validateAddress({ ...VALID, phone: '0123456789' }).phone).toBe('format');
    expect(validateAddress({ ...VALID, phone: '+8613800138000' }).phone).toBeUndefined();
  });

  it('sends trimmed text and the bare phone, with the id only when editing', () => {
    expect(toAddressBody({ ...VALID, name: ' Li Lei ' })).toEqual({
      name: 'Li Lei',
      phone: '13800138000',
      region: 'Shanghai Pudong',
      detail: 'No. 1 Century Ave',
      isDefault: false,
    });
    expect(toAddressBody(VALID, 'a-1')).toMatchObject({ id: 'a-1' });
  });

  it("allows addresses up to the server's limit", () => {
    expect(canAddAddress(19, 20)).toBe(true);
    expect(canAddAddress(20, 20)).toBe(false);
    expect(canAddAddress(3, 3)).toBe(false);
  });
});
