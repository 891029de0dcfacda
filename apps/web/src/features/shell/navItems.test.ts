import { ACCOUNT_TYPES } from '@placely/contract';
import { describe, expect, it } from 'vitest';
import { getNavItems } from './navItems';

const STUDENT = [
  ['Home', '/'],
  ['Profile', '/student/profile'],
  ['Education', '/student/education'],
  ['Skills', '/student/skills'],
  ['Projects', '/student/projects'],
  ['Experience', '/student/experience'],
  ['Others', '/student/others'],
  ['Placements', '/student/placements'],
  ['Interviews', '/student/interviews'],
  ['Campus', '/student/cycles'],
];

const pairs = (accountType: Parameters<typeof getNavItems>[0]) =>
  getNavItems(accountType).map((item) => [item.label, item.to]);

describe('getNavItems', () => {
  it('gives an Individual the student menu', () => {
    expect(pairs('Individual')).toEqual(STUDENT);
  });

  it('gives an Organization Home, Profile and Openings (spec §2), its pipelines, then Groups and Verifications', () => {
    expect(pairs('Organization')).toEqual([
      ['Home', '/'],
      ['Profile', '/organization/profile'],
      ['Openings', '/organization/openings'],
      ['Campus', '/organization/campus'],
      ['Pipelines', '/shortlisting'],
      ['Team', '/team'],
      ['Groups', '/organization/groups'],
      ['Verifications', '/organization/verifications'],
    ]);
  });

  it('shows the Team page to anyone with an invitation waiting (issue 40)', () => {
    expect(getNavItems('Individual', { invitations: true }).at(-1)).toEqual({ label: 'Team', to: '/team' });
    expect(getNavItems('Individual').some((item) => item.to === '/team')).toBe(false);
  });

  it("follows the spec's Organization menu while acting for a team, with Activity for owners", () => {
    const team = (options: Parameters<typeof getNavItems>[1]) =>
      getNavItems('Individual', options).map((item) => [item.label, item.to]);
    expect(team({ actingForTeam: true })).toEqual([
      ['Home', '/'],
      ['Profile', '/organization/profile'],
      ['Openings', '/organization/openings'],
      ['Campus', '/organization/campus'],
      ['Pipelines', '/shortlisting'],
      ['Team', '/team'],
    ]);
    expect(team({ actingForTeam: true, activity: true }).at(-1)).toEqual(['Activity', '/organization/activity']);
    // Owners and coordinators run the organization's groups and verification groups (the server's runGroups).
    expect(team({ actingForTeam: true, groups: true }).slice(6)).toEqual([
      ['Groups', '/organization/groups'],
      ['Verifications', '/organization/verifications'],
    ]);
    expect(getNavItems('Organization', { activity: true }).at(-1)?.label).toBe('Activity');
    expect(getNavItems('Individual', { activity: true })).toEqual(getNavItems('Individual'));
  });

  it('adds the placement cell to the menu of anyone who works in one (issue 41)', () => {
    const cell = { label: 'Placement cell', to: '/placement' };
    expect(getNavItems('Individual', { placementCell: true }).at(-1)).toEqual(cell);
    expect(getNavItems('Organization', { placementCell: true, activity: true }).at(-1)).toEqual(cell);
    expect(getNavItems('Individual', { actingForTeam: true, placementCell: true }).at(-1)).toEqual(cell);
    expect(getNavItems('Individual').some((item) => item.to === '/placement')).toBe(false);
  });

  it('gives every other known account type the student menu', () => {
    for (const type of ACCOUNT_TYPES.filter((t) => t !== 'Organization')) {
      expect(pairs(type)).toEqual(STUDENT);
    }
  });

  it.each([null, undefined, '', 'Alien'])('has no menu for %s (signed out or unknown type)', (type) => {
    expect(getNavItems(type)).toEqual([]);
  });
});
