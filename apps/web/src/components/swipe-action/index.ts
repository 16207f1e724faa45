export { SwipeAction, type SwipeActionItem, type SwipeActionProps } from './swipe-action';
