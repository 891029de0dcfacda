import { type ErrorCode, type FieldError, MESSAGES } from '@placely/contract';

/** NETWORK_ERROR: the call got no response at all. */
export type ApiErrorCode = ErrorCode | 'NETWORK_ERROR';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: ApiErrorCode;
  /** HTTP status; 0 when there was no response. */
  readonly status: number;
  readonly fields: FieldError[] | undefined;

  constructor(message: string, code: ApiErrorCode, status: number, fields?: FieldError[]) {
    super(message);
    this.code = code;
    this.status = status;
    this.fields = fields;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The call got no answer at all: offline, or the page was being left mid-request (the browser aborts its fetches). */
export function isNoAnswer(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'NETWORK_ERROR';
}

/** The text to show for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return MESSAGES.unexpectedError;
}
