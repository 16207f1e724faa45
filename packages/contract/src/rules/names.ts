/** Names compare without case and with runs of spaces as one (a card may print "LI NA"). */
export function sameName(a: string, b: string): boolean {
  const normal = (value: string) => value.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');
  return normal(a) === normal(b);
}

export type HolderNameProblem = 'empty' | 'mismatch';

/** A payout method's holder must be the verified real name (docs/product/rules.md, "Payout methods"). */
export function checkHolderName(value: string, realName: string | null | undefined): HolderNameProblem | undefined {
  if (value.trim() === '') return 'empty';
  if (realName && !sameName(value, realName)) return 'mismatch';
  return undefined;
}
