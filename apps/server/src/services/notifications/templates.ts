import { NOTIFICATION_KIND_LABELS, type NotificationKind } from '@placely/contract';
import { describeNotification } from './index';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * One layout for every mail: a single column that reads on a phone, real text (no images needed), a button that is a
 * plain link, and the same words as plain text. Kinds only supply their title and sentence (describeNotification).
 */
export function renderMail(input: {
  kind: NotificationKind;
  payload: Record<string, string>;
  recipientName: string;
  actionUrl: string;
  /** Null for a mail to an address with no account yet: nothing to unsubscribe from. */
  unsubscribeUrl: string | null;
  preferencesUrl: string;
  /** A copy of what the person sent (the "received" mail's answers), label and value. */
  details?: Array<{ label: string; value: string }>;
}): { subject: string; text: string; html: string } {
  const { title, body } = describeNotification(input.kind, input.payload);
  const action = ACTIONS[input.kind] ?? 'Open in Placely';
  const label = NOTIFICATION_KIND_LABELS[input.kind];
  const details = input.details ?? [];
  const addressOnly =
    input.kind === 'shortlist.reviewerCode'
      ? 'You get this mail because this address was typed on a shortlist link shared through Placely.'
      : 'You get this mail because an owner of the organization invited this address.';
  const footer =
    input.unsubscribeUrl === null
      ? [addressOnly]
      : [
          `You get this mail for "${label}".`,
          `Unsubscribe from these mails: ${input.unsubscribeUrl}`,
          `All notification settings: ${input.preferencesUrl}`,
        ];
  const text = [
    `Hello${input.recipientName ? ` ${input.recipientName}` : ''},`,
    '',
    body,
    '',
    ...(details.length > 0 ? ['Your answers:', ...details.map((item) => `- ${item.label}: ${item.value}`), ''] : []),
    `${action}: ${input.actionUrl}`,
    '',
    '—',
    ...footer,
  ].join('\n');
  const detailsHtml =
    details.length === 0
      ? ''
      : `<h2 style="font-size:16px;line-height:24px;margin:0 0 8px">Your answers</h2>
<dl style="font-size:15px;line-height:22px;margin:0 0 24px">${details
          .map(
            (item) =>
              `<dt style="font-weight:bold;margin:8px 0 0">${escapeHtml(item.label)}</dt><dd style="margin:0;white-space:pre-wrap">${escapeHtml(item.value)}</dd>`,
          )
          .join('')}</dl>`;
  const footerHtml =
    input.unsubscribeUrl === null
      ? escapeHtml(addressOnly)
      : `You get this mail for “${escapeHtml(label)}”.
<a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#1f4fd1">Unsubscribe from these mails</a> ·
<a href="${escapeHtml(input.preferencesUrl)}" style="color:#1f4fd1">All notification settings</a>`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f5f6fa;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f5f6fa;padding:16px 0">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;padding:24px">
<tr><td>
<h1 style="font-size:20px;line-height:28px;margin:0 0 16px">${escapeHtml(title)}</h1>
<p style="font-size:16px;line-height:24px;margin:0 0 8px">Hello${input.recipientName ? ` ${escapeHtml(input.recipientName)}` : ''},</p>
<p style="font-size:16px;line-height:24px;margin:0 0 24px;white-space:pre-wrap">${escapeHtml(body)}</p>
${detailsHtml}<p style="margin:0 0 24px"><a href="${escapeHtml(input.actionUrl)}" style="display:inline-block;background:#1f4fd1;color:#ffffff;text-decoration:none;font-size:16px;padding:12px 20px;border-radius:6px">${escapeHtml(action)}</a></p>
<p style="font-size:13px;line-height:20px;color:#4b5563;margin:0">${footerHtml}</p>
</td></tr></table>
</td></tr></table>
</body></html>`;
  return { subject: `${title} — Placely`, text, html };
}

/** The button's words where "Open in Placely" says too little. */
const ACTIONS: Partial<Record<NotificationKind, string>> = {
  'opening.newApplication': 'Open the application',
  'opening.applicationsDigest': 'Open the applications',
  'application.received': 'View or edit your application',
  'application.stageChanged': 'View your application',
  'application.message': 'View your application',
  'application.withdrawn': 'Open the application',
  'membership.requested': 'Review the requests',
  'organization.teamInvitation': 'Sign in to Placely',
  'offer.received': 'Answer the offer',
  'placement.notice': 'Read the notice',
};
