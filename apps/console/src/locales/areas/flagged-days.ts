import { area } from '../area';

/**
 * Flagged days: the reviewers' queue of days whose rewards wait (decision 029 "Steps from every source"). The menu
 * entry.
 */
export const FLAGGED_DAYS = area({ 'menu.flaggedDays': 'Flagged days' }, { 'menu.flaggedDays': '异常步数审核' });
