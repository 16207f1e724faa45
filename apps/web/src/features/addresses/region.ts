/**
 * Province, city and district from the standard administrative division codes (6 digits: 2 for
 * the province, 2 for the city, 2 for the district), as the picker's options, and the region text
 * an address stores (the contract's `region`: the names, separated by spaces).
 */

export interface RegionOption {
  readonly label: string;
  /** The division code. */
  readonly value: string;
  readonly children?: RegionOption[];
}

export interface DivisionLists {
  readonly province_list: Readonly<Record<string, string>>;
  readonly city_list: Readonly<Record<string, string>>;
  readonly county_list: Readonly<Record<string, string>>;
}

interface Branch {
  label: string;
  value: string;
  children: Branch[];
}

/** The division lists as a tree; a city without districts is a leaf. */
export function buildRegionOptions(lists: DivisionLists): RegionOption[] {
  const provinces = new Map<string, Branch>();
  const cities = new Map<string, Branch>();
  for (const [code, label] of Object.entries(lists.province_list)) {
    provinces.set(code.slice(0, 2), { label, value: code, children: [] });
  }
  for (const [code, label] of Object.entries(lists.city_list)) {
    const city = { label, value: code, children: [] };
    cities.set(code.slice(0, 4), city);
    provinces.get(code.slice(0, 2))?.children.push(city);
  }
  for (const [code, label] of Object.entries(lists.county_list)) {
    cities.get(code.slice(0, 4))?.children.push({ label, value: code, children: [] });
  }
  const prune = (branch: Branch): RegionOption =>
    branch.children.length > 0
      ? { label: branch.label, value: branch.value, children: branch.children.map(prune) }
      : { label: branch.label, value: branch.value };
  return [...provinces.values()].map(prune);
}

/**
 * The stored text of a picked path: the names with spaces, a city named like its province
 * (北京市 北京市 东城区) said once.
 */
export function regionText(labels: readonly string[]): string {
  return labels.filter((label, index) => label !== labels[index - 1]).join(' ');
}

/**
 * The picker's codes for a stored region text, or undefined when the text is not a path of the
 * division data (a region typed before the picker, kept and shown as it is).
 */
export function regionCodes(text: string, options: readonly RegionOption[]): string[] | undefined {
  const tokens = text.trim().split(/\s+/).filter(Boolean);
  const codes: string[] = [];
  let level: readonly RegionOption[] | undefined = options;
  let previous: string | undefined;
  let index = 0;
  while (index < tokens.length) {
    if (!level) return undefined;
    const token = tokens[index];
    let found: RegionOption | undefined = level.find((option) => option.label === token);
    if (found) index += 1;
    // The city said once: descend into the child named like its parent without using a token.
    else found = level.find((option) => option.label === previous);
    if (!found) return undefined;
    codes.push(found.value);
    previous = found.label;
    level = found.children;
  }
  // Walk down children named like their parent at the end (北京市 alone is 北京市 北京市).
  while (level && level.length > 0) {
    const same = level.find((option) => option.label === previous);
    if (!same) break;
    codes.push(same.value);
    level = same.children;
  }
  return codes.length > 0 && !level ? codes : undefined;
}
