// Home's entry to this feature, apart from index.ts so that Home's chunk carries the streak line
// only, not the history and receipt views (nor their way to uPlot).
export { StepStreak } from './components/step-streak';
