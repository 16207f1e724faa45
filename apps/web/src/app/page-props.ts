import type { PageQuery } from '../lib/navigation';

/** Every page receives its url's query as inputs (SPEC.md §2). */
export interface PageProps {
  readonly query: PageQuery;
}
