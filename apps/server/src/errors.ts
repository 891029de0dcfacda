import type { Socket } from 'node:net';
import type { ErrorCode, ErrorEnvelope, FieldError } from '@placely/contract';
import { MESSAGES, ORGANIZATION_HEADER } from '@placely/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isUnstorableText } from './db/errors';

/** Every failure the API reports on purpose. The status follows from the code. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldError[],
  ) {
    super(message);
  }
  get status(): number {
    return STATUS_BY_CODE[this.code];
  }
}

const STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  TOKEN_EXPIRED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UPSTREAM_FAILED: 502,
};

export const errors = {
  validation: (fields: FieldError[]) => new AppError('VALIDATION_FAILED', describeFields(fields), fields),
  unauthenticated: (message = 'Sign in to continue.') => new AppError('UNAUTHENTICATED', message),
  tokenExpired: () => new AppError('TOKEN_EXPIRED', 'Your session has expired. Sign in again.'),
  forbidden: (message = 'You are not allowed to do this.') => new AppError('FORBIDDEN', message),
  notFound: (what = 'The requested item') => new AppError('NOT_FOUND', `${what} was not found.`),
  conflict: (message: string) => new AppError('CONFLICT', message),
  gone: (message: string) => new AppError('GONE', message),
  unsupportedMediaType: (message: string) => new AppError('UNSUPPORTED_MEDIA_TYPE', message),
  payloadTooLarge: (message: string) => new AppError('PAYLOAD_TOO_LARGE', message),
  upstreamFailed: (message: string) => new AppError('UPSTREAM_FAILED', message),
  rateLimited: (message = 'Too many requests. Please wait a moment and try again.') =>
    new AppError('RATE_LIMITED', message),
};

function describeFields(fields: FieldError[]): string {
  if (fields.length === 1 && fields[0]) return `${fields[0].field}: ${fields[0].message}`;
  return `Please correct these fields: ${fields.map((field) => field.field).join(', ')}.`;
}

export function envelopeFor(error: AppError): ErrorEnvelope {
  return {
    status: 'error',
    exception: {
      error: {
        message: error.message,
        code: error.code,
        ...(error.fields ? { fields: error.fields } : {}),
      },
    },
  };
}

/** Maps fastify's own error codes onto ours; anything unknown becomes a generic 500. */
function toAppError(error: FastifyError): AppError | undefined {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields = error.validation.flatMap((issue): FieldError[] => {
      const parent = issue.instancePath.split('/').filter(Boolean).join('.');
      const message = issue.message ?? 'Invalid value';
      const unknownKeys = (issue.params as { keys?: unknown }).keys;
      if (issue.keyword === 'unrecognized_keys' && Array.isArray(unknownKeys)) {
        return unknownKeys.map((key) => ({
          field: parent ? `${parent}.${String(key)}` : String(key),
          message: 'Unknown field',
        }));
      }
      // Header names arrive lower-cased; the organization header is named as the API documents it.
      const named = error.validationContext === 'headers' && parent === ORGANIZATION_HEADER.toLowerCase();
      return [
        {
          field: named ? ORGANIZATION_HEADER : parent || String(error.validationContext ?? 'body'),
          message: /received undefined$/.test(message) ? 'Required' : message,
        },
      ];
    });
    return errors.validation(fields);
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the request body as JSON (Content-Type: application/json).');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return errors.validation([{ field: 'body', message: 'The request body is empty; send a JSON object.' }]);
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return errors.validation([{ field: 'body', message: 'The request body is not valid JSON.' }]);
    case 'FST_ERR_RATE_LIMIT_EXCEEDED':
      return errors.rateLimited();
  }
  if (error.statusCode === 429) return errors.rateLimited();
  if (isUnstorableText(error)) {
    return errors.validation([{ field: 'body', message: 'Contains a character that cannot be stored.' }]);
  }
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return errors.validation([{ field: 'body', message: 'The request body is not valid JSON.' }]);
  }
  return undefined;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = toAppError(error);
    if (known) {
      if (known.status >= 500) request.log.error({ err: error }, 'request failed');
      return reply.status(known.status).send(envelopeFor(known));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
    } else {
      request.log.error({ err: error }, 'unexpected error');
    }
    return reply.status(500).send(envelopeFor(new AppError('INTERNAL', MESSAGES.unexpectedError)));
  });
}

/**
 * Fastify's router refuses some addresses before any route runs (a path parameter over its length limit, a malformed
 * percent-encoding); they get the envelope as a 400 naming the path like every other bad input.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A value in the address is too long.' : 'The address is not valid.';
  void reply.status(400).send(envelopeFor(errors.validation([{ field: 'path', message }])));
}

/**
 * Node's HTTP parser refuses a request before Fastify sees it (request line or headers over the size limit, a
 * malformed request): answer in the envelope on the raw socket, as Fastify's default handler does in its own shape.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, appError] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', errors.payloadTooLarge('The request address or headers are too long.')]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', errors.validation([{ field: 'request', message: 'The request took too long.' }])]
        : [400, 'Bad Request', errors.validation([{ field: 'request', message: 'The request is malformed.' }])];
  const body = JSON.stringify(envelopeFor(appError));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
