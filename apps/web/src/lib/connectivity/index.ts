export {
  PROBE_DELAYS_MS,
  createConnectivity,
  type Connectivity,
  type ConnectivityDeps,
  type ConnectivityState,
} from './connectivity';
