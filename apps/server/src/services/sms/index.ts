import type { DevSmsMessage } from '@placely/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';

/** Sends one text message. Implementations never log the number in clear or the message body in production. */
export interface SmsSender {
  readonly kind: 'http' | 'development';
  /** `forUserId`: the person the message was sent for (the development sender files it under them). */
  send(to: string, body: string, forUserId: number): Promise<void>;
  /**
   * Development sender only: the latest message to a number sent for this person, for tests and people trying the
   * product offline. Scoped to the person: someone else who adds the same number never reads their codes.
   */
  latest?(to: string, forUserId: number): DevSmsMessage | undefined;
}

export class SmsDeliveryError extends Error {}

/** +919812345678 → +91******5678: enough to tell numbers apart in logs, not enough to call. */
export function maskPhoneNumber(number: string): string {
  if (number.length <= 6) return '*'.repeat(number.length);
  return `${number.slice(0, 3)}${'*'.repeat(number.length - 7)}${number.slice(-4)}`;
}

/**
 * Production: a JSON POST {to, from, body} to SMS_HTTP_URL with `Authorization: Bearer SMS_HTTP_TOKEN` — the shape
 * most SMS gateways (and a small adapter in front of any other) accept. Any non-2xx answer is a delivery failure.
 */
export function createHttpSmsSender(settings: NonNullable<Config['sms']>, log: FastifyBaseLogger): SmsSender {
  return {
    kind: 'http',
    async send(to, body) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (settings.token) headers.authorization = `Bearer ${settings.token}`;
      let response: Response;
      try {
        response = await fetch(settings.url, {
          method: 'POST',
          headers,
          body: JSON.stringify({ to, from: settings.from, body }),
          signal: AbortSignal.timeout(10_000),
        });
      } catch (error) {
        log.error({ to: maskPhoneNumber(to), err: error }, 'SMS provider unreachable');
        throw new SmsDeliveryError('The SMS provider could not be reached.');
      }
      if (!response.ok) {
        log.error({ to: maskPhoneNumber(to), status: response.status }, 'SMS provider refused the message');
        throw new SmsDeliveryError('The SMS provider refused the message.');
      }
    },
  };
}

/**
 * Development (never in production): logs the message with the number masked — so a person trying the product
 * offline reads the code in the terminal — and keeps the latest message per person and number for GET /api/dev/sms/latest.
 */
export function createDevelopmentSmsSender(log: FastifyBaseLogger): SmsSender {
  const messages = new Map<string, DevSmsMessage>();
  return {
    kind: 'development',
    async send(to, body, forUserId) {
      messages.set(`${forUserId}:${to}`, { to, body, sentAt: new Date().toISOString() });
      log.info({ to: maskPhoneNumber(to) }, `development SMS: ${body}`);
    },
    latest: (to, forUserId) => messages.get(`${forUserId}:${to}`),
  };
}

export function createSmsSender(config: Config, log: FastifyBaseLogger): SmsSender {
  if (config.sms) return createHttpSmsSender(config.sms, log);
  if (config.isProduction) throw new Error('SMS_HTTP_URL is required in production');
  return createDevelopmentSmsSender(log);
}
