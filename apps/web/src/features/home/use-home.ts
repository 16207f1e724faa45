import type { ResponseOf, getHome as GetHome } from '@stride/contract';
import { useRemote, type RemoteOptions } from '../../hooks';
import { getHome } from './api/get-home';

export type Home = ResponseOf<typeof GetHome>;

const load = (signal: AbortSignal) => getHome({ hideErrors: true, signal });

/**
 * GET /api/home; after an action (collect, exchange, a step report) pages `refresh` it quietly.
 * Tab pages, kept alive, pass `refreshOnShow` to read it again when shown after a change elsewhere.
 */
export const useHome = (options?: RemoteOptions) => useRemote(load, options);
