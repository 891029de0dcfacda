import type { Group, GroupAbilities, MembershipViewer, OwnerSummary } from '@placely/contract';
import type { GroupRow } from '../policies/group';
import type { CircleCounts } from '../services/memberships';
import { presentCircle } from './membership';

export function presentGroup(
  row: GroupRow,
  details: { organization: OwnerSummary; counts: CircleCounts; viewer: MembershipViewer; abilities: GroupAbilities },
): Group {
  return { ...presentCircle(row, details), visibility: row.visibility, organization: details.organization };
}
