import Button from '@mui/material/Button';
import type { Circle } from '@placely/contract';
import { showSuccess } from '../../../lib/snackbar';
import { useSetFollowing } from '../api/setFollowing';
import type { MembershipKind } from '../kinds';

/** Follow or Unfollow a circle, as the server's abilities and the caller's standing allow. */
export function FollowButton({ kind, circle, disabled }: { kind: MembershipKind; circle: Circle; disabled?: boolean }) {
  const following = useSetFollowing(kind);
  const now = circle.viewer.following;
  if (!now && !circle.abilities.follow) return null;
  return (
    <Button
      variant="outlined"
      disabled={disabled || following.isPending}
      onClick={() =>
        following.mutate(
          { groupId: circle.id, following: !now },
          { onSuccess: (result) => showSuccess(result.message) },
        )
      }
    >
      {now ? 'Unfollow' : 'Follow'}
    </Button>
  );
}
