export {
  PROBE_DELAYS_MS,
  RECONNECTED_EVENT,
  createConnectivity,
  type Connectivity,
  type ConnectivityDeps,
  type ConnectivityState,
} from './connectivity';
