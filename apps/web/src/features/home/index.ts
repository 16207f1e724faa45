export { useHome, type Home } from './use-home';
export { QuickEntryIcon } from './components/quick-entry-icon';
export { appPathOf } from './app-path';
