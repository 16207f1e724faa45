/** docs/product/client.md, Gestures and components: inputs take at most 140 characters unless a page says otherwise. */
export const DEFAULT_MAX_LENGTH = 140;

/** A missing, zero, negative or fractional limit falls back to the default. */
export function normaliseMaxLength(maxLength: number | undefined): number {
  return maxLength !== undefined && Number.isInteger(maxLength) && maxLength > 0 ? maxLength : DEFAULT_MAX_LENGTH;
}

/**
 * Longer input is cut, not refused (docs/product/client.md, Gestures and components). Counted in code points, so an emoji or a
 * CJK extension character is never split into a lone surrogate.
 */
export function limitInput(value: string, maxLength?: number): string {
  const limit = normaliseMaxLength(maxLength);
  if (value.length <= limit) return value;
  const points = Array.from(value);
  return points.length <= limit ? value : points.slice(0, limit).join('');
}
