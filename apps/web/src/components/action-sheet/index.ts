export { ActionSheet, type ActionSheetAction, type ActionSheetProps } from './action-sheet';
