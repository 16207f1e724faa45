export { HistoryViews, StreakSummary } from './components/history-view';
export { Milestones } from './components/milestones';
export { StepReceiptView } from './components/step-receipt';
export { formatDay, formatKm, formatSteps } from './format';
export { periodsOf, rangeOf, weekStart, type HistoryView, type Period } from './periods';
export type { Achievements, StepHistory } from './types';
