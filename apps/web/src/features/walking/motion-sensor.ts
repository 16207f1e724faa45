import type { MotionSample } from './step-counter';

/**
 * What the browser offers. `needsPermission`: iOS 13+, where `DeviceMotionEvent.requestPermission()`
 * must be called from a tap before any event arrives.
 */
export type MotionSupport = 'unsupported' | 'needsPermission' | 'available';

interface MotionEventConstructor {
  requestPermission?: () => Promise<'granted' | 'denied' | 'default'>;
}

function motionEventClass(win: Window): MotionEventConstructor | undefined {
  const value: unknown = Reflect.get(win, 'DeviceMotionEvent');
  return typeof value === 'function' ? (value as MotionEventConstructor) : undefined;
}

export function detectMotionSupport(win: Window = window): MotionSupport {
  const type = motionEventClass(win);
  if (!type) return 'unsupported';
  return typeof type.requestPermission === 'function' ? 'needsPermission' : 'available';
}

/** iOS: must run inside a tap handler. Answers whether events will now arrive. */
export async function requestMotionPermission(win: Window = window): Promise<boolean> {
  const request = motionEventClass(win)?.requestPermission;
  if (!request) return true;
  try {
    return (await request()) === 'granted';
  } catch {
    // Safari rejects when not called from a user gesture; treat it as not granted.
    return false;
  }
}

const FALLBACK_INTERVAL_MS = 16;
const MAX_INTERVAL_MS = 1_000;

/**
 * Turns one devicemotion event into a sample, or null when the device has no accelerometer (the
 * browser then sends events with null readings). The interval is the sensor's: milliseconds by the
 * spec, but older iOS reported seconds, so a value under 1 is taken as seconds.
 */
export function sampleOf(event: DeviceMotionEvent, previousTimeStamp: number | undefined): MotionSample | null {
  const reading = event.accelerationIncludingGravity;
  if (!reading || reading.x === null || reading.y === null || reading.z === null) return null;
  let dtMs = event.interval > 0 ? (event.interval < 1 ? event.interval * 1000 : event.interval) : 0;
  if (dtMs <= 0 && previousTimeStamp !== undefined) dtMs = event.timeStamp - previousTimeStamp;
  if (!(dtMs > 0)) dtMs = FALLBACK_INTERVAL_MS;
  return { x: reading.x, y: reading.y, z: reading.z, dtMs: Math.min(dtMs, MAX_INTERVAL_MS) };
}
