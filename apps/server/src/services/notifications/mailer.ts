import type { DevMailMessage, NotificationKind } from '@placely/contract';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../../config';

export interface OutgoingMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Stable per event, so a receiving server (or person) can tell a repeat from a new mail. */
  messageId: string;
  /** Null for a mail to an address with no account yet (a team invitation): there is no person to unsubscribe. */
  unsubscribeUrl: string | null;
  kind: NotificationKind;
  /** A calendar invitation (interview bookings); sent as text/calendar with its METHOD. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/** Sends one mail. Implementations never log the address or the body. */
export interface Mailer {
  readonly kind: 'smtp' | 'development';
  send(mail: OutgoingMail): Promise<void>;
  /** Development outbox only: the latest mail sent to this address (the signed-in person's own). */
  latest?(address: string): DevMailMessage | undefined;
  close(): void;
}

/** A short, address-free description of a failure, for the outbox row and the log. */
export function mailErrorCode(error: unknown): string {
  const e = error as { responseCode?: number; code?: string };
  if (e?.responseCode) return `smtp ${e.responseCode}`;
  if (e?.code) return String(e.code).slice(0, 40);
  return 'error';
}

function headersOf(mail: OutgoingMail): Record<string, string> {
  if (mail.unsubscribeUrl === null) return {};
  return {
    // RFC 8058 one-click: mail clients POST "List-Unsubscribe=One-Click" to this URL.
    'List-Unsubscribe': `<${mail.unsubscribeUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

export function createSmtpMailer(url: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: mail.messageId,
        headers: headersOf(mail),
        attachments: (mail.attachments ?? []).map((file) => ({
          filename: file.filename,
          contentType: file.contentType,
          content: file.content,
        })),
      });
    },
    close: () => transport.close(),
  };
}

/**
 * Development and tests without SMTP (never in production): keeps the latest mail per person for
 * GET /api/dev/mail/latest and logs only the subject.
 */
export function createDevelopmentMailer(log: FastifyBaseLogger): Mailer {
  const messages = new Map<string, DevMailMessage>();
  return {
    kind: 'development',
    async send(mail) {
      const headers = headersOf(mail);
      messages.set(mail.to.toLowerCase(), {
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        listUnsubscribe: headers['List-Unsubscribe'] ?? null,
        unsubscribeUrl: mail.unsubscribeUrl,
        kind: mail.kind,
        sentAt: new Date().toISOString(),
        attachments: mail.attachments ?? [],
      });
      log.info({ kind: mail.kind }, `development mail: ${mail.subject}`);
    },
    latest: (address) => messages.get(address.toLowerCase()),
    close: () => undefined,
  };
}

export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) return createSmtpMailer(config.smtpUrl);
  if (config.isProduction) throw new Error('SMTP_URL is required in production');
  return createDevelopmentMailer(log);
}
