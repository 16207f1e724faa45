import type { MessageKey } from '../../lib/i18n';
import type { StepSensorStatus } from './step-store';

/** What the step sensor is doing, in the words home and the walk page show under the count. */
export const SENSOR_TEXT: Record<StepSensorStatus, MessageKey> = {
  waiting: 'walk.sensor.waiting',
  counting: 'walk.sensor.counting',
  noSensor: 'walk.sensor.none',
  needsPermission: 'walk.sensor.permission',
  denied: 'walk.sensor.denied',
};
