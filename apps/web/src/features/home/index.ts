export { useHome, type Home } from './use-home';
export { QuickEntryIcon } from './components/quick-entry-icon';
export { HomeNotice } from './components/home-notice';
export { appPathOf } from './app-path';
