import type { Page } from 'playwright-core';

/**
 * A walk as the accelerometer reports it: gravity plus a 2.5 m/s² bounce at two steps a second,
 * sampled every 20 ms, dispatched as devicemotion events (headless Chromium has no sensor).
 */
export async function walk(page: Page, steps: number): Promise<void> {
  await page.evaluate((count) => {
    const intervalMs = 20;
    const samples = Math.round((count / 2) * (1000 / intervalMs));
    for (let index = 0; index < samples; index += 1) {
      const t = index * intervalMs;
      const bounce = 2.5 * Math.sin((2 * Math.PI * 2 * t) / 1000);
      window.dispatchEvent(
        new DeviceMotionEvent('devicemotion', {
          accelerationIncludingGravity: { x: 0.5, y: (9.81 + bounce) * 0.8, z: (9.81 + bounce) * 0.6 },
          interval: intervalMs,
        }),
      );
    }
  }, steps);
}
