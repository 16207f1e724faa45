import { area } from '../area';

/**
 * Clubs (editors; docs/console/clubs.md): the menu's name. The screen's own texts are in clubs-page.ts, with its chunk.
 */
export const CLUBS = area(
  {
    'menu.clubs': 'Clubs',
  },
  {
    'menu.clubs': '俱乐部',
  },
);
