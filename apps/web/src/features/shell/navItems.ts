import { type AccountType, isKnownAccountType, isOrganizationAccount } from '@placely/contract';
import { PATHS } from '../../app/paths';

export interface NavItem {
  label: string;
  to: string;
}

const INDIVIDUAL_NAV: readonly NavItem[] = [
  { label: 'Home', to: PATHS.home },
  { label: 'Profile', to: PATHS.student.profile },
  { label: 'Education', to: PATHS.student.education },
  { label: 'Skills', to: PATHS.student.skills },
  { label: 'Projects', to: PATHS.student.projects },
  { label: 'Experience', to: PATHS.student.experience },
  { label: 'Others', to: PATHS.student.others },
  { label: 'Placements', to: PATHS.student.placements },
  { label: 'Interviews', to: PATHS.student.interviews },
  { label: 'Campus', to: PATHS.student.cycles },
];

/** The organization's pipelines and shortlists, one per opening (issue 40 defect 12). */
const PIPELINES: NavItem = { label: 'Pipelines', to: PATHS.shortlisting };

const ORGANIZATION_NAV: readonly NavItem[] = [
  { label: 'Home', to: PATHS.home },
  { label: 'Profile', to: PATHS.organization.profile },
  { label: 'Openings', to: PATHS.organization.openings },
  { label: 'Campus', to: PATHS.organization.campus },
  PIPELINES,
  { label: 'Team', to: PATHS.team },
  { label: 'Groups', to: PATHS.organization.groups },
  { label: 'Verifications', to: PATHS.organization.verifications },
];

/** The spec's Organization menu for someone acting for an organization's team; groups for those who run them. */
const TEAM_NAV: readonly NavItem[] = [
  { label: 'Home', to: PATHS.home },
  { label: 'Profile', to: PATHS.organization.profile },
  { label: 'Openings', to: PATHS.organization.openings },
  { label: 'Campus', to: PATHS.organization.campus },
  PIPELINES,
  { label: 'Team', to: PATHS.team },
];
const GROUPS_NAV: readonly NavItem[] = ORGANIZATION_NAV.filter(
  (item) => item.to === PATHS.organization.groups || item.to === PATHS.organization.verifications,
);

const ACTIVITY: NavItem = { label: 'Activity', to: PATHS.organization.activity };

export interface NavOptions {
  /** Acting for an organization other than one's own account: its menu, whatever one's own account type. */
  actingForTeam?: boolean;
  /** The server says this person may read the organization's activity (owners). */
  activity?: boolean;
  /** The server says this person runs the organization's groups and verification groups (owners, coordinators). */
  groups?: boolean;
  /** Invitations to a team wait for this person: the Team page shows in any menu (issue 40). */
  invitations?: boolean;
  /** The person works in an institution's placement cell (issue 41): its page shows in any menu. */
  placementCell?: boolean;
}

const TEAM: NavItem = { label: 'Team', to: PATHS.team };
const PLACEMENT_CELL: NavItem = { label: 'Placement cell', to: PATHS.placementCell };

/** Spec §2 menu: Organization → organization items; any other known type → student items; none when signed out. */
export function getNavItems(
  accountType: AccountType | string | null | undefined,
  options: NavOptions = {},
): readonly NavItem[] {
  const withCell = (items: readonly NavItem[]) => (options.placementCell ? [...items, PLACEMENT_CELL] : items);
  const withActivity = (items: readonly NavItem[]) => withCell(options.activity ? [...items, ACTIVITY] : items);
  if (options.actingForTeam) return withActivity(options.groups ? [...TEAM_NAV, ...GROUPS_NAV] : TEAM_NAV);
  if (!isKnownAccountType(accountType)) return [];
  if (isOrganizationAccount(accountType)) return withActivity(ORGANIZATION_NAV);
  return withCell(options.invitations ? [...INDIVIDUAL_NAV, TEAM] : INDIVIDUAL_NAV);
}
