import { AUDIT_KIND_LABELS, type AuditEvent, ORGANIZATION_ROLE_LABELS, type OrganizationRole } from '@placely/contract';

const role = (value: unknown) =>
  typeof value === 'string' && value in ORGANIZATION_ROLE_LABELS
    ? ORGANIZATION_ROLE_LABELS[value as OrganizationRole].toLowerCase()
    : String(value);

/** One line saying what happened, from the event's kind and facts. */
export function describeEvent(event: AuditEvent): string {
  const { details } = event;
  const what = AUDIT_KIND_LABELS[event.kind];
  switch (event.kind) {
    case 'export.downloaded':
      return `${what}: ${details.rows} ${details.rows === 1 ? 'row' : 'rows'} as ${String(details.format).toUpperCase()}`;
    case 'opening.statusChanged':
      return `${what}: ${details.from} → ${details.to}`;
    case 'form.versionSaved':
      return `${what}: version ${details.version}`;
    case 'member.invited':
      return `${what}: ${event.subjectEmail} as ${role(details.role)}`;
    case 'member.roleChanged':
      return `${what}: ${event.subjectEmail} ${role(details.from)} → ${role(details.to)}`;
    case 'organization.profileEdited':
      return details.fields ? `${what}: ${details.fields}` : what;
    case 'member.removed':
    case 'invitation.revoked':
      return `${what}: ${event.subjectEmail}`;
    case 'videoTask.created':
    case 'videoTask.deleted':
    case 'videoAnswer.watched':
      return `${what}: ${details.title}`;
    case 'videoTask.edited':
      return details.changed ? `${what}: ${details.title} (${details.changed})` : `${what}: ${details.title}`;
    case 'videoTask.invited':
      return `${what}: ${details.title}, ${details.count} ${details.count === 1 ? 'candidate' : 'candidates'}`;
    case 'videoAnswer.scored':
      return `${what}: ${details.title} (${details.scores})`;
    default:
      return what;
  }
}

export const whoDid = (event: AuditEvent) => event.actor?.name ?? event.actor?.email ?? 'Someone';

export const whenDone = (event: AuditEvent) =>
  new Date(event.at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
