/**
 * Where a banner or quick entry leads. The server gives app routes, sometimes written as hash
 * links (`#/pages/...`); an `https:` address is an outside page. Nothing else is followed (no
 * `http:`, `javascript:` or other scheme), the same rule the console applies when an editor saves
 * a link (the contract's `isHomeLinkTarget`).
 */
export type AppTarget =
  { readonly kind: 'route'; readonly url: string } | { readonly kind: 'external'; readonly url: string };

export function appPathOf(target: string): AppTarget | undefined {
  const trimmed = target.trim();
  if (/^https:\/\//i.test(trimmed)) return { kind: 'external', url: trimmed };
  const route = trimmed.replace(/^#/, '');
  if (!route.startsWith('/') || route.startsWith('//')) return undefined;
  return { kind: 'route', url: route };
}
