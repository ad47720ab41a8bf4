/**
 * The web mode's credential: the per-launch token, in exactly one form per route. No cookie: cookies
 * ignore ports, so one set by this server would also reach every other server on 127.0.0.1.
 *
 *   /api/events          the `token` query parameter (EventSource cannot send headers)
 *   every other /api/*   the `X-Inspector-Token` header
 *   the page and assets  nothing: they are the app's public build, and hold no data
 */
import type { IncomingMessage } from 'node:http';

/** The header API calls carry the token in. */
export const TOKEN_HEADER = 'x-inspector-token';

/** True for the routes that need the token (the API); the built renderer does not. */
export function needsToken(pathname: string): boolean {
  return pathname.startsWith('/api/');
}

/** The token a request presents in the one form its route accepts, or null. */
export function presentedToken(request: IncomingMessage, url: URL): string | null {
  if (url.pathname === '/api/events') return url.searchParams.get('token');
  const header = request.headers[TOKEN_HEADER];
  return typeof header === 'string' ? header : null;
}

/**
 * True for a JSON request body: the media type `application/json` (any case) and at most a UTF-8
 * charset. `application/jsonx` or `text/plain` are not JSON; an HTML form cannot send this type to
 * another origin without a CORS preflight.
 */
export function isJsonContentType(header: string | undefined): boolean {
  if (header === undefined) return false;
  const [type, ...params] = header.split(';').map((part) => part.trim().toLowerCase());
  if (type !== 'application/json') return false;
  return params.every((param) => param === 'charset=utf-8' || param === 'charset="utf-8"');
}
