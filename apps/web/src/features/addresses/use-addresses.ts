import { useRemote } from '../../hooks';
import { listAddresses } from './api/list-addresses';

const load = (signal: AbortSignal) => listAddresses({ hideErrors: true, signal });

/** My addresses, read again whenever the page returns to the top (after the edit page saved). */
export const useAddresses = () => useRemote(load, { reloadOnShow: true });
