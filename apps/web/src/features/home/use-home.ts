import type { ResponseOf, getHome as GetHome } from '@stride/contract';
import { useRemote } from '../../hooks';
import { getHome } from './api/get-home';

export type Home = ResponseOf<typeof GetHome>;

const load = (signal: AbortSignal) => getHome({ hideErrors: true, signal });

/** GET /api/home; after an action (collect, exchange, a step report) pages `refresh` it quietly. */
export const useHome = () => useRemote(load);
