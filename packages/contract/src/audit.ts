import { AUDIT_KIND_LABELS, type AuditKind } from './organization';
import { ORGANIZATION_ROLE_LABELS, type OrganizationRole } from './organization-roles';

type Details = Record<string, string | number | boolean | null>;

/** What `describeAuditEvent` reads: the stored entry plus the names the server resolved when presenting it. */
export interface AuditFacts {
  kind: AuditKind;
  details: Details;
  /** The candidate's name (application events), the member's email (member events), else null. */
  subject: string | null;
  /** The opening's title, when the entry is about one. */
  openingTitle: string | null;
}

const text = (value: unknown) => (value === null || value === undefined || value === '' ? null : String(value));
const plural = (n: unknown, one: string, many = `${one}s`) => `${n} ${Number(n) === 1 ? one : many}`;
const quoted = (value: unknown) => `“${text(value) ?? '?'}”`;
const role = (value: unknown) =>
  typeof value === 'string' && value in ORGANIZATION_ROLE_LABELS
    ? ORGANIZATION_ROLE_LABELS[value as OrganizationRole].toLowerCase()
    : (text(value) ?? 'unknown role');
const status = (value: unknown) => (text(value) ?? 'none').toLowerCase();

/**
 * One line naming the entry's subject and its before → after, in words: the one place the audit trail is worded,
 * so the activity page, the "last change" lines and the API all say the same thing.
 */
export function describeAuditEvent({ kind, details: d, subject, openingTitle }: AuditFacts): string {
  const what = AUDIT_KIND_LABELS[kind];
  const candidate = subject ?? 'a candidate (no longer on Placely)';
  const member = subject ?? 'someone';
  const opening = quoted(text(d.title) ?? openingTitle);
  switch (kind) {
    case 'opening.created':
      return d.duplicateOf
        ? `${what}: ${opening} as a copy, ${status(d.status)}`
        : `${what}: ${opening}, ${status(d.status)}`;
    case 'opening.edited':
    case 'opening.deleted':
      return `${what}: ${opening}`;
    case 'opening.statusChanged':
      return `${what}: ${opening} ${status(d.from)} → ${status(d.to)}`;
    case 'form.versionSaved':
      return `${what}: ${quoted(openingTitle)} now on version ${d.version}`;
    case 'application.opened':
    case 'resume.viewed':
    case 'note.added':
    case 'note.edited':
    case 'note.deleted':
      return `${what}: ${candidate}`;
    case 'candidate.moved':
      return `${what}: ${candidate} from ${quoted(text(d.from) ?? 'no stage')} → ${quoted(d.to)}${d.undo ? ' (undo)' : ''}`;
    case 'candidate.pinned':
    case 'candidate.unpinned': {
      const where = d.direction === 'bottom' ? 'the bottom' : 'the top';
      const why = text(d.reason) ? `: ${quoted(d.reason)}` : '';
      return kind === 'candidate.pinned'
        ? `${what}: ${candidate} to ${where}${why}`
        : `${what}: ${candidate} no longer held at ${where}`;
    }
    case 'candidate.rated':
      return d.previously
        ? `${what}: ${candidate} on ${quoted(d.criterion)}, rating changed`
        : `${what}: ${candidate} on ${quoted(d.criterion)}, first rating`;
    case 'ranking.recipeSaved':
      return `${what}: ${plural(d.criteria, 'criterion', 'criteria')}, ${plural(d.knockouts, 'knockout')}`;
    case 'export.downloaded': {
      const list = text(d.shortlistName) ? ` of the shortlist ${quoted(d.shortlistName)}` : '';
      return `${what}${list}: ${plural(d.rows, 'row')} as ${String(d.format).toUpperCase()}`;
    }
    case 'shareLink.created':
    case 'shareLink.revoked':
      return text(d.shortlistName) ? `${what}: shortlist ${quoted(d.shortlistName)}` : what;
    case 'member.invited':
      return `${what}: ${member} as ${role(d.role)}`;
    case 'member.joined':
      return `${what}: ${member} accepted the invitation, now ${role(d.role)}`;
    case 'invitation.declined':
      return `${what}: ${member} declined to join as ${role(d.role)}`;
    case 'member.roleChanged':
      return `${what}: ${member} ${role(d.from)} → ${role(d.to)}`;
    case 'member.removed':
    case 'invitation.revoked':
      return `${what}: ${member} (${role(d.role)})`;
    case 'organization.profileEdited':
      return text(d.fields) ? `${what}: ${d.fields}` : what;
    case 'organization.deleted':
      return `${what}: ${quoted(d.name)}, ${plural(d.openings, 'opening')} closed`;
    case 'videoTask.created':
    case 'videoTask.deleted':
      return `${what}: ${opening}`;
    case 'videoTask.edited':
      return text(d.changed) ? `${what}: ${opening} (${d.changed})` : `${what}: ${opening}`;
    case 'videoTask.invited':
      return `${what}: ${opening}, ${plural(d.count, 'candidate')}`;
    case 'videoAnswer.watched':
      return `${what}: ${candidate}'s answer to ${opening}`;
    case 'videoAnswer.scored':
      return `${what}: ${candidate}'s answer to ${opening}${text(d.scores) ? ` (${d.scores})` : ''}`;
    case 'rejections.released':
      return d.released
        ? `${what}: ${plural(d.told, 'rejected candidate')} told`
        : 'Rejections held back: candidates moved to Rejected are no longer told';
    case 'stage.added':
      return `${what}: ${quoted(d.name)}`;
    case 'stage.changed': {
      const changes = [
        text(d.from) !== text(d.to) ? `${quoted(d.from)} → ${quoted(d.to)}` : quoted(d.to),
        text(d.labelFrom) !== text(d.labelTo) ? `candidates see ${quoted(d.labelFrom)} → ${quoted(d.labelTo)}` : null,
      ];
      return `${what}: ${changes.filter(Boolean).join(', ')}`;
    }
    case 'stage.removed':
      return text(d.movedTo)
        ? `${what}: ${quoted(d.name)}, its ${plural(d.moved, 'candidate')} moved to ${quoted(d.movedTo)}`
        : `${what}: ${quoted(d.name)}`;
    case 'stages.reordered':
      return `${what}: ${d.from} → ${d.to}`;
    case 'criterion.added':
    case 'criterion.removed':
      return `${what}: ${quoted(d.name)}`;
    case 'criterion.renamed':
      return `${what}: ${quoted(d.from)} → ${quoted(d.to)}`;
    case 'candidate.rejected': {
      const mail = d.mail === 'none' || !text(d.mail) ? 'no mail' : d.mail === 'now' ? 'mail sent' : 'mail scheduled';
      return `${what}: ${candidate}, ${text(d.reason) ? `reason ${quoted(d.reason)}` : 'no reason given'}, ${mail}`;
    }
    case 'candidate.messaged':
      return `${what}: ${quoted(d.subject)} to ${subject ?? plural(d.candidates, 'candidate')}${d.when === 'now' ? '' : ', scheduled'}`;
    case 'message.cancelled':
      return `${what}: ${quoted(d.subject)} to ${candidate}`;
    case 'messageTemplate.created':
    case 'messageTemplate.deleted':
      return `${what}: ${quoted(d.template)}`;
    case 'messageTemplate.edited':
      return text(d.from) ? `${what}: ${quoted(d.from)} → ${quoted(d.template)}` : `${what}: ${quoted(d.template)}`;
    case 'policy.changed':
      return `${what}: ${quoted(d.cycleName)}, ${plural(d.rules, 'rule')}`;
    case 'policy.exceptionGranted':
    case 'policy.exceptionRevoked':
      return `${what}: ${member} on ${quoted(d.ruleLabel)}${text(d.openingTitle) ? ` for ${quoted(d.openingTitle)}` : ''}, reason ${quoted(d.reason)}`;
    case 'offer.made':
      return `${what}: ${candidate}, ${quoted(d.role)}${d.warnings ? `, ${plural(d.warnings, 'policy warning')}` : ''}`;
    case 'offer.withdrawn':
    case 'offer.rescinded':
      return `${what}: ${candidate}, ${quoted(d.role)}, reason ${quoted(d.reason)}`;
    case 'candidate.withdrew':
      return `${what}: ${candidate}${text(d.from) ? ` from ${quoted(d.from)}` : ''}${text(d.reason) ? `, reason ${quoted(d.reason)}` : ''}`;
  }
}
