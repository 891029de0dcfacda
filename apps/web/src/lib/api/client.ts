import {
  type AccessToken,
  AUTH_PATHS,
  type FieldError,
  MAX_RETRIES_ON_401,
  MESSAGES,
  ORGANIZATION_HEADER,
} from '@placely/contract';
import { actingOrganizationId } from '../actingFor';
import { useAppStore } from '../store';
import { readStoredAccessToken } from '../tokenStorage';
import { ApiError, type ApiErrorCode } from './errors';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequestOptions {
  method?: HttpMethod;
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as raw bytes (application/octet-stream), e.g. a small file upload. */
  rawBody?: Blob;
  signal?: AbortSignal;
  /** Do not refresh the token and retry on 401 (used by the refresh call itself). */
  skipRefresh?: boolean;
  /** The Accept header; JSON unless a download asks for something else. */
  accept?: string;
}

/** The `result` of the usual success envelope. */
export interface ApiResult<T> {
  data: T;
  message: string;
}

/** The Web Locks name that serialises token refreshes across tabs. */
export const REFRESH_LOCK_NAME = 'placely-refresh';

const STATUS_CODES: Record<number, ApiErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

function buildUrl(path: string, query: ApiRequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

async function send(path: string, options: ApiRequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: options.accept ?? 'application/json' };
  // The server expects the bare token, without a "Bearer" prefix (spec §7).
  if (token) headers.Authorization = token;
  // Acting for an organization: every call names it; the server decides what the person may do there.
  const organizationId = token ? actingOrganizationId(useAppStore.getState().user?.userId) : null;
  if (organizationId !== null) headers[ORGANIZATION_HEADER] = String(organizationId);
  const init: RequestInit = { method: options.method ?? 'GET', headers, credentials: 'include' };
  if (options.rawBody !== undefined) {
    headers['Content-Type'] = 'application/octet-stream';
    init.body = options.rawBody;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  if (options.signal) init.signal = options.signal;
  try {
    return await fetch(buildUrl(path, options.query), init);
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiError(MESSAGES.unexpectedError, 'NETWORK_ERROR', 0);
  }
}

interface ErrorPayload {
  status: 'error';
  exception: { error: { message: string; code: ApiErrorCode; fields?: FieldError[] } };
}
interface SuccessPayload {
  status: 'success';
  result: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isErrorPayload(payload: unknown): payload is ErrorPayload {
  if (!isRecord(payload) || payload.status !== 'error' || !isRecord(payload.exception)) return false;
  const error = payload.exception.error;
  return isRecord(error) && typeof error.message === 'string';
}

function isSuccessPayload(payload: unknown): payload is SuccessPayload {
  return isRecord(payload) && payload.status === 'success' && 'result' in payload;
}

async function readPayload(response: Response): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiError(MESSAGES.unexpectedError, 'NETWORK_ERROR', 0);
  }
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function toApiError(payload: unknown, status: number): ApiError {
  if (isErrorPayload(payload)) {
    const { message, code, fields } = payload.exception.error;
    return new ApiError(message, code ?? STATUS_CODES[status] ?? 'INTERNAL', status, fields);
  }
  return new ApiError(MESSAGES.unexpectedError, STATUS_CODES[status] ?? 'INTERNAL', status);
}

async function parse<R>(response: Response): Promise<R> {
  const payload = await readPayload(response);
  if (!response.ok || isErrorPayload(payload)) throw toApiError(payload, response.status);
  if (isSuccessPayload(payload)) return payload.result as R;
  if (response.status === 204) return undefined as R;
  throw new ApiError(MESSAGES.unexpectedError, 'INTERNAL', response.status);
}

// ---------------------------------------------------------------------------
// Token refresh: single-flight in this tab, serialised across tabs by a Web Lock.

let refreshInFlight: Promise<string> | null = null;

async function performRefresh(staleToken: string | null): Promise<string> {
  // Another tab may have refreshed while we waited for the lock: reuse its token.
  const stored = readStoredAccessToken();
  if (stored && stored !== staleToken) {
    useAppStore.getState().adoptAccessToken(stored);
    return stored;
  }
  const response = await send(AUTH_PATHS.refresh, { method: 'POST' }, null);
  let token: AccessToken;
  try {
    const result = await parse<ApiResult<AccessToken> | undefined>(response);
    if (!result?.data || typeof result.data.accessToken !== 'string') {
      throw new ApiError(MESSAGES.unexpectedError, 'INTERNAL', response.status);
    }
    token = result.data;
  } catch (error) {
    // The refresh cookie is missing, invalid or reused: the session is over.
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
      useAppStore.getState().clearSession();
    }
    throw error;
  }
  useAppStore.getState().setAccessToken(token.accessToken);
  return token.accessToken;
}

/**
 * Forces a token refresh. Concurrent callers share one refresh; across tabs the
 * refresh runs under the 'placely-refresh' Web Lock when the browser has it.
 */
export function refreshAccessToken(): Promise<string> {
  if (!refreshInFlight) {
    const staleToken = useAppStore.getState().accessToken;
    const run = () => performRefresh(staleToken);
    const locks = typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : undefined;
    const promise = locks?.request ? locks.request(REFRESH_LOCK_NAME, run).then((token) => token) : run();
    refreshInFlight = promise.finally(() => {
      refreshInFlight = null;
    });
  }
  return refreshInFlight;
}

/** Sends with the current token; a 401 forces one token refresh and one retry (MAX_RETRIES_ON_401). */
async function sendWithRetry(path: string, options: ApiRequestOptions): Promise<Response> {
  let retries = 0;
  for (;;) {
    const token = useAppStore.getState().accessToken;
    const response = await send(path, options, token);
    if (response.status !== 401 || options.skipRefresh || retries >= MAX_RETRIES_ON_401) return response;
    retries += 1;
    const failure = toApiError(await readPayload(response), 401);
    // If another request already replaced the token we used, just retry with the new one.
    if (useAppStore.getState().accessToken === token || !useAppStore.getState().accessToken) {
      try {
        await refreshAccessToken();
      } catch {
        throw failure;
      }
    }
  }
}

/**
 * THE API client. Returns the envelope's `result`; throws ApiError on failure.
 * A 401 forces one token refresh and one retry (MAX_RETRIES_ON_401).
 */
export async function apiRequest<R>(path: string, options: ApiRequestOptions = {}): Promise<R> {
  return parse<R>(await sendWithRetry(path, options));
}

/**
 * For responses that are not the JSON envelope (file downloads): the successful Response with its body unread, so
 * the caller can stream it. Token handling and the single 401 retry are the same; failures throw ApiError.
 */
export async function apiDownload(path: string, options: ApiRequestOptions = {}): Promise<Response> {
  const response = await sendWithRetry(path, { accept: '*/*', ...options });
  if (!response.ok) throw toApiError(await readPayload(response), response.status);
  return response;
}

/** For the usual `{data, message}` result: returns `data`. */
export async function apiData<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const result = await apiRequest<ApiResult<T>>(path, options);
  return result.data;
}
