import type { ResponseOf, getHome as GetHome } from '@stride/contract';
import { useRemote, type RemoteOptions } from '../../hooks';
import { getHome } from './api/get-home';

export type Home = ResponseOf<typeof GetHome>;

const load = (signal: AbortSignal) => getHome({ hideErrors: true, signal });

/**
 * GET /api/home; after an action (collect, exchange) pages `refresh` it quietly. Like every
 * `useRemote`, it reads again whenever its page is shown again, and while shown, after any write
 * (a step report), a return to the app, a notification or a pull (decision 076).
 */
export const useHome = (options?: RemoteOptions) => useRemote(load, options);
