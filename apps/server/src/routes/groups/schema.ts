import {
  groupIdBodySchema,
  groupIdQuerySchema,
  groupInputSchema,
  groupListQuerySchema,
  groupPageSchema,
  groupSchema,
  groupUpdateSchema,
} from '@placely/contract';
import { circleEditSchemas, type MembershipSchemaWords } from '../memberships/schema';

/** The shared membership endpoints (routes/memberships) in a group's words. */
export const groupMembershipWords: MembershipSchemaWords = {
  tag: 'groups',
  noun: 'group',
  circle: groupSchema,
  idQuery: groupIdQuerySchema,
  groupIdBody: groupIdBodySchema,
  managedScope: "the caller's groups",
};

export const {
  list: listGroupsSchema,
  create: createGroupSchema,
  update: updateGroupSchema,
  delete: deleteGroupSchema,
} = circleEditSchemas(
  groupMembershipWords,
  {
    listQuery: groupListQuerySchema,
    page: groupPageSchema,
    input: groupInputSchema,
    update: groupUpdateSchema,
    idQuery: groupIdQuerySchema,
  },
  {
    list: "The caller's groups: an organization's own groups (newest first); an individual's joined and requested groups. With organizationId: that organization's public groups.",
    create: 'Creates a group (organizations only)',
    update: "Changes a group's name, description, visibility or join policy",
    delete: 'Deletes a group (?id=). Members lose nothing from their own profiles; the group leaves every list.',
  },
);
