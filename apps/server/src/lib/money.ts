/** Amounts in messages: minor units as a decimal with two places. */
export function formatMoney(minor: number): string {
  return (minor / 100).toFixed(2);
}
