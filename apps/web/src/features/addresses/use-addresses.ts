import { listAddresses } from '@stride/contract';
import { call } from '../../lib/http';
import { useRemote } from '../../hooks';

const load = (signal: AbortSignal) => call(listAddresses, {}, { hideErrors: true, signal });

/** My addresses, read again whenever the page returns to the top (after the edit page saved). */
export const useAddresses = () => useRemote(load, { reloadOnShow: true });
