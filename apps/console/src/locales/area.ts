/**
 * One screen area's texts in both languages, kept in `areas/<area>.ts` next to each other: the
 * Chinese dictionary is typed against the English one, so a missing key fails the typecheck.
 */
export function area<const T extends Readonly<Record<string, string>>>(
  en: T,
  zhHans: Readonly<Record<keyof T, string>>,
): { en: T; zhHans: Readonly<Record<keyof T, string>> } {
  return { en, zhHans };
}
