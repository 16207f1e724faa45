export { PushSettings } from './components/push-settings';
export { pushAvailability, PushUnavailableError, type PushAvailability } from './browser';
