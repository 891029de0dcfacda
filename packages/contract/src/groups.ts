import { pageOf } from './envelope';
import {
  circleIdSchemas,
  circleInputShape,
  circleShape,
  MEMBERSHIP_LIMITS,
  membershipAbilitiesSchema,
  membershipViewerSchema,
  ownerSummarySchema,
  pageQueryShape,
} from './membership';
import * as z from './zod';

/**
 * Groups (issue #5): an organization's circles of candidates. People join through a shared link (open groups at once,
 * request groups after the organization accepts), anyone may follow, and openings can be limited to members. Joining,
 * requests, members and followers are the shared membership model (membership.ts); a group adds its visibility.
 */

export const GROUP_LIMITS = MEMBERSHIP_LIMITS;

export const GROUP_VISIBILITIES = ['public', 'unlisted'] as const;
export const groupVisibilitySchema = z.enum(GROUP_VISIBILITIES, { message: 'Choose who can find the group' });
export type GroupVisibility = z.infer<typeof groupVisibilitySchema>;
export const GROUP_VISIBILITY_LABELS: Record<GroupVisibility, string> = {
  public: 'Public: listed with your organization',
  unlisted: 'Unlisted: only people with the link',
};

const groupIds = circleIdSchemas('group');

export const groupInputSchema = z.strictObject({
  ...circleInputShape,
  visibility: groupVisibilitySchema.default('public'),
});
export type GroupInput = z.input<typeof groupInputSchema>;

export const groupUpdateSchema = z.strictObject({
  ...groupIds.updateShape,
  visibility: groupVisibilitySchema.optional(),
});
export type GroupUpdate = z.input<typeof groupUpdateSchema>;

export const groupIdQuerySchema = groupIds.idQuery;
export const groupIdBodySchema = groupIds.groupIdBody;

export const groupAbilitiesSchema = membershipAbilitiesSchema;
export type GroupAbilities = z.infer<typeof groupAbilitiesSchema>;

export const groupSchema = z
  .object({
    ...circleShape,
    visibility: groupVisibilitySchema,
    organization: ownerSummarySchema,
    viewer: membershipViewerSchema,
    abilities: groupAbilitiesSchema,
  })
  .meta({ id: 'Group' });
export type Group = z.infer<typeof groupSchema>;
export const groupPageSchema = pageOf(groupSchema).meta({ id: 'GroupPage' });
export type GroupPage = z.infer<typeof groupPageSchema>;

export const groupListQuerySchema = z.strictObject({
  /** Lists that organization's public groups instead of the caller's own. */
  organizationId: z.coerce.number().int().positive().optional(),
  ...pageQueryShape,
});
