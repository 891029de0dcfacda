import type { Req } from './matrix';

export interface Sent {
  status: number;
  /** The body as text (JSON or not) and every header value: what a marker must never appear in. */
  text: string;
  headers: string;
  json: unknown;
  contentType: string;
}

export function urlOf(baseUrl: string, req: Req): string {
  const url = new URL(req.path, baseUrl);
  for (const [key, value] of Object.entries(req.query ?? {})) url.searchParams.set(key, String(value));
  return url.href;
}

/**
 * Sends one matrix request as the given token (or signed out), with the caller's own headers (the organization a team
 * role acts for) under the request's (a request that names its organization names it for everyone).
 */
export async function send(
  baseUrl: string,
  req: Req,
  token: string | undefined,
  url = urlOf(baseUrl, req),
  callerHeaders: Record<string, string> = {},
): Promise<Sent> {
  const headers: Record<string, string> = { ...callerHeaders, ...req.headers };
  if (token) headers.authorization = token;
  let body: Uint8Array | string | undefined;
  if (req.raw) {
    headers['content-type'] = req.raw.contentType;
    body = new Uint8Array(req.raw.bytes);
  } else if (req.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = typeof req.body === 'string' ? req.body : JSON.stringify(req.body);
  }
  const response = await fetch(url, { method: req.method, headers, body, redirect: 'manual' });
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  const headerText = [...response.headers.entries()].map(([key, value]) => `${key}: ${value}`).join('\n');
  return {
    status: response.status,
    text,
    headers: headerText,
    json,
    contentType: response.headers.get('content-type') ?? '',
  };
}
