import type { ReactNode } from 'react';
import type { TabIcon } from './routes';

const path = (d: string) => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
    <path d={d} />
  </svg>
);

export const TAB_ICONS: Readonly<Record<TabIcon, ReactNode>> = {
  home: path('M3 11 12 3l9 8v10h-6v-6H9v6H3z'),
  invite: path('M4 10h16v11H4zM2 6h20v4H2zM12 6v15M12 6S9 1 6.5 3 9 6 12 6s5.5-1 3-3S12 6 12 6'),
  mall: path('M5 8h14l-1 13H6zM9 8V6a3 3 0 0 1 6 0v2'),
  my: path('M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c0-4 4-6 8-6s8 2 8 6'),
};
