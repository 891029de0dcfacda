import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { VerificationMember } from '@placely/contract';
import { useState } from 'react';
import { PeopleList } from '../../../lib/components/PeopleList';
import { showSuccess } from '../../../lib/snackbar';
import { useAdminVerificationGroups } from '../api/listAdminVerificationGroups';
import { useVerificationFollowers } from '../api/listVerificationFollowers';
import { useVerificationMembers } from '../api/listVerificationMembers';
import { useRemoveVerificationFollower } from '../api/removeVerificationFollower';
import { useRemoveVerificationMember } from '../api/removeVerificationMember';
import { MemberRecordsDialog } from './MemberRecordsDialog';

/** Members of the verification groups you hold a role in: review and verify their records; managers remove. */
export function VerificationMembers() {
  const list = useVerificationMembers();
  const groups = useAdminVerificationGroups();
  const managed = new Set(
    groups.data?.pages.flatMap((page) => page.items.filter((group) => group.abilities.manage).map((group) => group.id)),
  );
  const remove = useRemoveVerificationMember();
  const [reviewing, setReviewing] = useState<VerificationMember | null>(null);
  return (
    <>
      <PeopleList<VerificationMember>
        label="Members"
        people={list.data?.pages.flatMap((page) => page.items) ?? []}
        loading={list.isPending}
        failed={list.isError}
        hasMore={list.hasNextPage}
        loadingMore={list.isFetchingNextPage}
        onLoadMore={() => list.fetchNextPage()}
        sinceLabel="member since"
        emptyText="No members yet. Share a verification group's join link with the people whose records you verify."
        details={(member) => (
          <Typography variant="caption" color="text.secondary">
            {member.verifiedCount === 1 ? '1 record verified' : `${member.verifiedCount} records verified`}
          </Typography>
        )}
        actions={(member) => (
          <Button
            size="small"
            variant="outlined"
            aria-label={`Review records of ${member.person.name}`}
            onClick={() => setReviewing(member)}
          >
            Review records
          </Button>
        )}
        remove={{
          label: 'Remove',
          allowed: (row: VerificationMember) => managed.has(row.groupId),
          confirmTitle: 'Remove this member?',
          explain: (row: VerificationMember) =>
            `${row.person.name} leaves ${row.groupName}. Records already verified keep their badge.`,
          onRemove: (row: VerificationMember) =>
            remove.mutate(
              { groupId: row.groupId, userId: row.person.userId },
              { onSuccess: () => showSuccess('Member removed') },
            ),
        }}
      />
      {reviewing && (
        <MemberRecordsDialog
          groupId={reviewing.groupId}
          userId={reviewing.person.userId}
          name={reviewing.person.name}
          onClose={() => setReviewing(null)}
        />
      )}
    </>
  );
}

/** Followers of the verification groups you manage, each removable. */
export function VerificationFollowers() {
  const list = useVerificationFollowers();
  const remove = useRemoveVerificationFollower();
  return (
    <PeopleList
      label="Followers"
      people={list.data?.pages.flatMap((page) => page.items) ?? []}
      loading={list.isPending}
      failed={list.isError}
      hasMore={list.hasNextPage}
      loadingMore={list.isFetchingNextPage}
      onLoadMore={() => list.fetchNextPage()}
      sinceLabel="following since"
      emptyText="Nobody follows your verification groups yet."
      remove={{
        label: 'Remove',
        confirmTitle: 'Remove this follower?',
        explain: (row) => `${row.person.name} stops following ${row.groupName}.`,
        onRemove: (row) =>
          remove.mutate(
            { groupId: row.groupId, userId: row.person.userId },
            { onSuccess: () => showSuccess('Follower removed') },
          ),
      }}
    />
  );
}
