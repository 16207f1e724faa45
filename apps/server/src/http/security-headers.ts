import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import { z } from 'zod';

/**
 * API answers are data, never a page: nothing may load from them or frame them, and no cache
 * keeps them (they carry balances, names and tokens). Also set by hand where no hook runs (the
 * router's own refusals), so the full set is here and not only what differs from helmet's.
 */
export const API_HEADERS = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
} as const;

/**
 * The pay page of the sandbox provider: its own stylesheet and two forms posting to itself;
 * no script at all, and never inside a frame (clickjacking a Pay button).
 */
export const SANDBOX_PAGE_HELMET = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'none'"],
      styleSrc: ["'self'"],
      formAction: ["'self'"],
      baseUri: ["'none'"],
      frameAncestors: ["'none'"],
    },
  },
} satisfies FastifyHelmetOptions;

/**
 * The operator console's pages under /console/ (decision 022 "The operator console"): scripts only from this origin
 * (its build has no inline script); styles also inline, because antd writes its component styles into
 * <style> elements at run time; images also from data: (the TOTP enrolment QR code), blob: (the
 * ID photos a reviewer fetches with the console cookie and shows as object URLs) and https:
 * (catalogue images operators link); calls only to this origin; never framed (a framed Approve or Pay button is
 * clickjacking).
 */
export const CONSOLE_HEADERS = {
  'content-security-policy': [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "connect-src 'self'",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; '),
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
} as const;

/** Written by the web build: the backup API hosts the bundle may call (VITE_API_BACKUPS). */
export const API_BACKUPS_FILE = path.join('.vite', 'api-backups.json');

const ApiBackupsSchema = z.array(z.url({ protocol: /^https?$/ }).transform((url) => new URL(url).origin));

/** The origins the built web app calls besides its own: they must be allowed by connect-src. */
export function readApiBackups(webDist: string | undefined): string[] {
  if (!webDist) return [];
  const file = path.join(webDist, API_BACKUPS_FILE);
  if (!existsSync(file)) return [];
  return ApiBackupsSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

/**
 * The web app's policy, the default for every answer: scripts only from this origin (the build
 * has no inline script); styles also inline, because React and antd-mobile set style attributes
 * and a notice is rendered in a srcdoc frame, which inherits this policy, with its own <style>;
 * images also from data: (captcha, QR codes), blob: (private images fetched with the token,
 * camera stills) and https: (notice pictures); never framed by anyone. The service worker and the
 * web app manifest come from this origin only (decision 045 "An installable app that opens offline").
 */
export function webAppHelmet(apiBackups: readonly string[]): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", ...apiBackups],
        fontSrc: ["'self'", 'data:'],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  };
}
