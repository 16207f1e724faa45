import { isUniqueViolation } from './constraints.js';
import type { PageWindow } from './queries.js';

/**
 * Runs a transaction; if it lost a race at a unique index (two first uses of one idempotency
 * key, two first reports of one day), runs it once more, when the winner's row is visible and
 * the second run becomes a replay or an update.
 */
export async function retryOnUniqueViolation<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) return run();
    throw error;
  }
}

/** Page arithmetic shared by the paged lists. */
export function pageWindow(page: { page: number; pageSize: number }): PageWindow {
  return { limit: page.pageSize, offset: (page.page - 1) * page.pageSize };
}

export function pageResult<T>(items: T[], page: { page: number; pageSize: number }, total: number) {
  return { items, page: page.page, pageSize: page.pageSize, total, hasMore: page.page * page.pageSize < total };
}
