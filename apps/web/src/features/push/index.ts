export { PushSettings } from './components/push-settings';
export { needsHomeScreen, pushAvailability, PushUnavailableError, type PushAvailability } from './browser';
