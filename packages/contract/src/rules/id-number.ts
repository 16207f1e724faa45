/**
 * ID number checks for automatic review. A mainland Chinese resident ID (18 characters: 6-digit
 * region, 8-digit birth date, 3-digit sequence, ISO 7064 MOD 11-2 check character) can be checked
 * completely; any other document number can only be checked by a person.
 */

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARACTERS = '10X98765432';

export type IdNumberCheck =
  | { kind: 'resident-id'; valid: true; birthDate: string }
  | { kind: 'resident-id'; valid: false }
  | { kind: 'other'; valid: true }
  | { kind: 'other'; valid: false };

/** Upper case, without spaces or hyphens people type in. */
export function normalizeIdNumber(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

/** What any document number looks like once normalised: 6 to 20 letters and digits. */
export function isIdNumberFormat(normalized: string): boolean {
  return /^[A-Z0-9]{6,20}$/.test(normalized);
}

export function residentIdCheckCharacter(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(first17[i]) * (WEIGHTS[i] ?? 0);
  return CHECK_CHARACTERS[sum % 11] ?? '';
}

function plausibleBirthDate(yyyymmdd: string, today: string): string | null {
  const iso = `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;
  const date = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso) return null;
  if (iso < '1900-01-01' || iso > today) return null;
  return iso;
}

/** `today` is 'YYYY-MM-DD': a birth date after it is not plausible. */
export function checkIdNumber(normalized: string, today: string): IdNumberCheck {
  if (/^[0-9]{17}[0-9X]$/.test(normalized)) {
    const birthDate = plausibleBirthDate(normalized.slice(6, 14), today);
    const isValid = birthDate !== null && residentIdCheckCharacter(normalized.slice(0, 17)) === normalized[17];
    return isValid ? { kind: 'resident-id', valid: true, birthDate } : { kind: 'resident-id', valid: false };
  }
  // Passports, permits and other countries' cards: letters and digits, left to an operator.
  return isIdNumberFormat(normalized) ? { kind: 'other', valid: true } : { kind: 'other', valid: false };
}

/**
 * The one ID number rule of real-name verification and insurance gifts, on both apps: an 18-digit
 * resident ID must carry its check character and a plausible birth date; any other document
 * number is 6 to 20 letters and digits. `value` as typed (normalised here).
 */
export function isValidIdNumber(value: string, today: string): boolean {
  return checkIdNumber(normalizeIdNumber(value), today).valid;
}

/**
 * The latest calendar day anywhere (UTC+14) at `nowMs`: what a client passes as `today`, so its
 * check never refuses a birth date the server's own business day accepts.
 */
export function latestCalendarDay(nowMs: number): string {
  return new Date(nowMs + 14 * 3_600_000).toISOString().slice(0, 10);
}
