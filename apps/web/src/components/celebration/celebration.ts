import { readJson, writeJson } from '../../lib/storage';
import './celebration.css';

/**
 * A small, quiet mark for a moment worth one (the day's goal, points collected, an invite
 * reward): a burst of a few dots from the thing that changed, with the Web Animations API and no
 * library. With prefers-reduced-motion nothing moves; the words said beside it remain.
 */

export interface CelebrationWindow {
  readonly matchMedia?: (query: string) => { readonly matches: boolean };
}

export function prefersReducedMotion(win: CelebrationWindow = window): boolean {
  return win.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

const COLORS = ['#0e6ae8', '#3c9cff', '#f5a623', '#2fb36d', '#e5484d'];
export const BURST_DOTS = 12;
const DURATION_MS = 700;

/** Where each dot flies: evenly around the circle, two distances so it does not look drawn. */
export function burstVectors(count: number, radius: number): { x: number; y: number }[] {
  return Array.from({ length: count }, (_, index) => {
    const angle = (index / count) * 2 * Math.PI;
    const distance = index % 2 === 0 ? radius : radius * 0.65;
    return { x: Math.round(Math.cos(angle) * distance), y: Math.round(Math.sin(angle) * distance) };
  });
}

/** Plays the burst from the centre of `anchor`; resolves when it is gone (at once when reduced). */
export function celebrate(anchor: Element | null, win: CelebrationWindow = window): Promise<void> {
  if (!anchor || prefersReducedMotion(win) || typeof anchor.animate !== 'function') return Promise.resolve();
  const box = anchor.getBoundingClientRect();
  const layer = document.createElement('div');
  layer.className = 'celebration';
  layer.setAttribute('aria-hidden', 'true');
  layer.style.left = `${box.left + box.width / 2}px`;
  layer.style.top = `${box.top + box.height / 2}px`;
  document.body.append(layer);
  const radius = Math.max(40, Math.min(90, box.width / 2));
  const flights = burstVectors(BURST_DOTS, radius).map((to, index) => {
    const dot = document.createElement('span');
    dot.className = 'celebration__dot';
    dot.style.background = COLORS[index % COLORS.length] ?? '#0e6ae8';
    layer.append(dot);
    return dot.animate(
      [
        { transform: 'translate(-50%, -50%) scale(0.4)', opacity: 1 },
        { transform: `translate(calc(-50% + ${to.x}px), calc(-50% + ${to.y}px)) scale(1)`, opacity: 0 },
      ],
      { duration: DURATION_MS, easing: 'cubic-bezier(0.2, 0.7, 0.3, 1)', delay: (index % 3) * 40, fill: 'forwards' },
    ).finished;
  });
  const pulse = anchor.animate([{ transform: 'scale(1)' }, { transform: 'scale(1.06)' }, { transform: 'scale(1)' }], {
    duration: 420,
    easing: 'ease-out',
  }).finished;
  return Promise.allSettled([...flights, pulse]).then(() => layer.remove());
}

const GOAL_KEY = 'stride.celebrated.goal';
const INVITE_KEY = 'stride.celebrated.invite';
const isString = (value: unknown): value is string => typeof value === 'string';
const isRecord = (value: unknown): value is Record<string, number> =>
  typeof value === 'object' && value !== null && Object.values(value).every((item) => typeof item === 'number');

/**
 * True once a day, for the user, when the steps reach the goal: the day is remembered so a
 * reload or a return to home does not mark it again.
 */
export function takeGoalMoment(storage: Storage, userId: string, day: string, steps: number, goal: number): boolean {
  if (goal <= 0 || steps < goal) return false;
  const mark = `${userId}:${day}`;
  if (readJson(storage, GOAL_KEY, isString) === mark) return false;
  writeJson(storage, GOAL_KEY, mark);
  return true;
}

/** The invite reward points earned since the user last saw them (0 when none are new). */
export function takeNewInviteReward(storage: Storage, userId: string, rewardPoints: number): number {
  const seen = readJson(storage, INVITE_KEY, isRecord) ?? {};
  const before = seen[userId] ?? 0;
  if (rewardPoints === before) return 0;
  writeJson(storage, INVITE_KEY, { ...seen, [userId]: rewardPoints });
  return Math.max(0, rewardPoints - before);
}
