import type { Opening, OpeningListItem } from '@placely/contract';
import type { OpeningFormVersionRow, OpeningRow } from '../db/schema';
import { isAcceptingApplications } from '../services/applications/blockers';
import { eligibilityOf } from '../services/applications/eligibility';

// The row types live with the tables, so services (blockers) need not import presenters; re-exported for routes.
export type { OpeningFormVersionRow, OpeningRow };

type Abilities = Opening['abilities'];

/** The organization's view of one opening: every field that leaves the server is named here. */
export function presentOpening(
  row: OpeningRow,
  form: OpeningFormVersionRow | null,
  applicationCount: number,
  abilities: Abilities,
): Opening {
  return {
    id: row.id,
    title: row.title,
    kind: row.kind,
    description: row.description,
    locations: row.locations,
    remote: row.remote,
    compensation: row.compensation
      ? {
          min: row.compensation.min,
          max: row.compensation.max,
          currency: row.compensation.currency,
          period: row.compensation.period,
        }
      : null,
    openingsCount: row.openingsCount,
    deadline: row.deadline.toISOString(),
    startDate: row.startDate,
    status: row.status,
    responseCap: row.responseCap,
    eligibility: eligibilityOf(row.eligibility),
    applyMode: row.applyMode,
    externalLink: row.externalLink,
    form: form?.definition ?? null,
    formVersion: form?.version ?? null,
    applicationCount,
    acceptingApplications: isAcceptingApplications(row, applicationCount),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    abilities,
  };
}

export function presentOpeningListItem(
  row: OpeningRow,
  applicationCount: number,
  abilities: Abilities,
): OpeningListItem {
  return {
    id: row.id,
    title: row.title,
    kind: row.kind,
    deadline: row.deadline.toISOString(),
    status: row.status,
    applyMode: row.applyMode,
    applicationCount,
    acceptingApplications: isAcceptingApplications(row, applicationCount),
    responseCap: row.responseCap,
    updatedAt: row.updatedAt.toISOString(),
    abilities,
  };
}
