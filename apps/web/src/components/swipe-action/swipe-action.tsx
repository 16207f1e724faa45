import type { ReactNode } from 'react';
import { SwipeAction as KitSwipeAction } from 'antd-mobile';

export interface SwipeActionItem {
  readonly key: string;
  readonly text: string;
  /** `danger` for destructive actions such as Delete. */
  readonly tone?: 'primary' | 'danger' | 'light';
}

export interface SwipeActionProps {
  readonly children: ReactNode;
  /** Revealed by swiping the row left. */
  readonly actions: readonly SwipeActionItem[];
  readonly onAction: (key: string) => void;
}

/**
 * A row whose actions appear when it is swiped left. The action buttons stay in the tab order,
 * so keyboard and screen-reader users reach them without swiping.
 */
export function SwipeAction({ children, actions, onAction }: SwipeActionProps) {
  return (
    <KitSwipeAction
      closeOnAction
      rightActions={actions.map((action) => ({
        key: action.key,
        text: action.text,
        color: action.tone ?? 'danger',
        onClick: () => onAction(action.key),
      }))}
    >
      {children}
    </KitSwipeAction>
  );
}
