/**
 * A personal number as the app and support show it: its first 3 and last 4 characters, the rest
 * starred (docs/product/rules.md, Identity); a number of 7 characters or fewer keeps only its first.
 * Mobile numbers on home, ID numbers in answers, invitees' numbers all read this way.
 */
export function maskMiddle(value: string): string {
  if (value.length <= 7) return `${value.slice(0, 1)}${'*'.repeat(Math.max(0, value.length - 1))}`;
  return `${value.slice(0, 3)}${'*'.repeat(value.length - 7)}${value.slice(-4)}`;
}
