// First: before any chunk creates the contract's schemas.
import './lib/jitless-validation';
import { startLoads } from './app/start-loads';

// The first script index.html runs (decision 052 "A first route without waterfalls"): small, so it runs while the entry
// (main.tsx, React with it) is still downloading, and starts the first page's other downloads
// alongside it instead of after it.
startLoads(window.location.hash);
