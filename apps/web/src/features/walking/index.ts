export { createStepCounter, STEP_COUNTER_DEFAULTS, type MotionSample, type StepCounter } from './step-counter';
export {
  createStepStore,
  SENSOR_WAIT_MS,
  STEP_SYNC_INTERVAL_MS,
  type StepCounterView,
  type StepSensorStatus,
  type StepStore,
} from './step-store';
export { stepCounter, useStepCounter } from './counter';
export { STEP_LENGTH_M, WALK_IDLE_MS, isWalking, walkDistanceM, walkElapsedMs, type Walk } from './walk';
export { StepsRing } from './components/steps-ring';
export { MotionPermission } from './components/motion-permission';
export { SyncStatus } from './components/sync-status';
export { SENSOR_TEXT } from './sensor-text';
export { useWakeLock, type WakeLockState } from './use-wake-lock';
