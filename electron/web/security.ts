/** Security headers and request checks shared by the web mode and the Electron app:// protocol. */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * The Content-Security-Policy of the renderer: only our own scripts, styles, fonts and workers.
 * `style-src 'unsafe-inline'` is needed because Monaco creates <style> elements at run time; scripts
 * stay strict (no inline script, no eval). Images: our files and `data:` (thumbnails are PNG data URLs).
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Headers on every response of ours. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), usb=(), serial=(), hid=()',
};

/** A fresh per-launch token: 32 random bytes, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Constant-time comparison of a presented token with the real one. */
export function tokenMatches(presented: string | null | undefined, token: string): boolean {
  if (!presented) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * True when the Host header names our loopback listener. A page on another site that re-points
 * its DNS name at 127.0.0.1 (DNS rebinding) sends its own name here and is refused.
 */
export function hostAllowed(request: IncomingMessage, port: number): boolean {
  const host = request.headers.host;
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
}
