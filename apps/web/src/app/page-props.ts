import type { PageQuery } from '../lib/navigation';

/** Every page receives its url's query as inputs (docs/product/client.md, Pages). */
export interface PageProps {
  readonly query: PageQuery;
}
