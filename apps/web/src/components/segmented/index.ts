export { Segmented, type SegmentedProps } from './segmented';
