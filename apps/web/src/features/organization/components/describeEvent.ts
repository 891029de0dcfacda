import type { AuditEvent } from '@placely/contract';
import { formatDateTime } from '../../../lib/dates';

/** One line saying what happened: worded once, by the server (`describeAuditEvent` in the contract). */
export const describeEvent = (event: AuditEvent): string => event.summary;

export const whoDid = (event: AuditEvent) => event.actor?.name ?? event.actor?.email ?? 'Someone';

export const whenDone = (event: AuditEvent) => formatDateTime(event.at);
