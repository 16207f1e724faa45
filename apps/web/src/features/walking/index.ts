export { collectPoints } from './api/collect-points';
export { reportSteps } from './api/report-steps';
export { createStepCounter, STEP_COUNTER_DEFAULTS, type MotionSample, type StepCounter } from './step-counter';
export { createStepSync, STEP_SYNC_INTERVAL_MS, type StepSync } from './step-sync';
export { useStepCounter, SENSOR_WAIT_MS, type StepSensorStatus, type StepCounterState } from './use-step-counter';
export { StepsRing } from './components/steps-ring';
