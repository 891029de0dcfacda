import type { Circle, Group, GroupPerson, VerificationGroup } from '@placely/contract';
import { PATHS, toJoinGroupLink, toJoinVerificationLink } from '../../app/paths';
import { QUERY_ROOTS } from '../../lib/api/queryRoots';

/**
 * One kind of membership circle as the web sees it: its API paths (spec §7), its query root and its words. Every
 * membership view (join panel, requests, people, manager, create/edit dialog, "your groups") is parameterised by a
 * kind; a new kind (organization teams) is one more entry here plus its own fields passed in by its pages.
 */
export interface MembershipKind<C extends Circle = Circle> {
  /** Prefix of element ids ("group-dialog-title"). */
  id: string;
  queryRoot: readonly string[];
  api: {
    /** Details, join, leave, requests, members, followers, removal, follow: `${base}/…`. */
    base: string;
    /** POST create, PATCH change, DELETE ?id=. */
    circle: string;
    /** The circles the caller runs or holds a role in. */
    managed: string;
    /** The circles the caller belongs to or asked to join. */
    joined: { path: string; query?: Record<string, string> };
  };
  /** The join page of one circle. */
  joinLink(id: string): string;
  /** Its managers' pages: the circles, the join requests, the members and followers. */
  pages: { manage: string; requests: string; people: string };
  /** Who runs it, as its join page and lists show. */
  owner(circle: C): { name: string; logo: string | null };
  words: {
    /** "group", "verification group". */
    noun: string;
    /** "Group", "Verification group". */
    Noun: string;
    /** "groups", "verification groups". */
    plural: string;
    notFound: string;
    joinIntro?: string;
    descriptionHelper: string;
    managerEmpty: string;
    /** For people who may not create circles of this kind. */
    managerEmptyNoCreate?: string;
    deleteExplain: string;
    joinedIntro: string;
    joinedEmpty: string;
    membersEmpty: string;
    memberRemoval(person: string, circle: string): string;
    followerRemoval(person: string, circle: string): string;
  };
}

/** A member row; kinds may add fields (verification: verifiedCount). */
export type MemberRow = GroupPerson & Record<string, unknown>;

export const GROUP_MEMBERSHIP: MembershipKind<Group> = {
  id: 'group',
  queryRoot: QUERY_ROOTS.groups,
  api: { base: '/api/group', circle: '/api/group', managed: '/api/groups', joined: { path: '/api/groups' } },
  joinLink: toJoinGroupLink,
  pages: {
    manage: PATHS.organization.groups,
    requests: PATHS.organization.groupRequests,
    people: PATHS.organization.groupFollowers,
  },
  owner: (group) => group.organization,
  words: {
    noun: 'group',
    Noun: 'Group',
    plural: 'groups',
    notFound: 'This group no longer exists, or the link is not complete. Ask for a current link.',
    descriptionHelper: 'Who the group is for, shown on its join page',
    managerEmpty:
      'No groups yet. Create one, share its link or QR code with candidates, and reach its members with openings.',
    deleteExplain:
      'The group, its join link and its requests go away. Members lose nothing from their own profiles: their education, experience and applications stay theirs.',
    joinedIntro: "Groups you belong to or asked to join, with the organization's answer.",
    joinedEmpty: 'You are not in any group yet. Open a join link an organization shared with you to join its group.',
    membersEmpty: "Your groups have no members yet. Share a group's join link to invite people.",
    memberRemoval: (person, group) =>
      `${person} leaves ${group}. Nothing changes on their own profile; they may ask to join again.`,
    followerRemoval: (person, group) => `${person} stops following ${group}. They can follow it again.`,
  },
};

export const VERIFICATION_MEMBERSHIP: MembershipKind<VerificationGroup> = {
  id: 'verification',
  queryRoot: QUERY_ROOTS.verification,
  api: {
    base: '/api/verification',
    circle: '/api/verification/group',
    managed: '/api/verification/groups/admin',
    joined: { path: '/api/verification/groups/verification', query: { view: 'joined' } },
  },
  joinLink: toJoinVerificationLink,
  pages: {
    manage: PATHS.organization.verifications,
    requests: PATHS.organization.verificationRequests,
    people: PATHS.organization.verificationFollowers,
  },
  owner: (group) => ({ name: group.institution?.name ?? group.owner.name, logo: group.owner.logo }),
  words: {
    noun: 'verification group',
    Noun: 'Verification group',
    plural: 'verification groups',
    notFound: 'This verification group no longer exists, or the link is not complete.',
    joinIntro: 'Members of a verification group can have their education, experience and placements verified by it.',
    descriptionHelper: 'What you verify and for whom, shown on the join page',
    managerEmpty: 'No verification groups yet. Create one to vouch for your members’ grades, degrees and internships.',
    managerEmptyNoCreate:
      'You hold no role in a verification group. When a group gives your email a role, it shows here.',
    deleteExplain:
      'The group and its join link go away, and the records it verified no longer show its badge. Members lose nothing from their own profiles.',
    joinedIntro: 'Verification groups you belong to or asked to join. Their verifiers can vouch for your records.',
    joinedEmpty:
      'You are not in any verification group yet. Open the join link your college or employer shared with you.',
    membersEmpty: "No members yet. Share a verification group's join link with the people whose records you verify.",
    memberRemoval: (person, group) => `${person} leaves ${group}. Records already verified keep their badge.`,
    followerRemoval: (person, group) => `${person} stops following ${group}.`,
  },
};
