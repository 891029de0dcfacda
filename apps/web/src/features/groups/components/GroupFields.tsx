import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { GROUP_VISIBILITIES, GROUP_VISIBILITY_LABELS, type Group, JOIN_POLICY_LABELS } from '@placely/contract';
import type { Control, FieldValues } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { PATHS } from '../../../app/paths';
import { RadioChoiceField } from '../../../lib/components/RadioChoiceField';

/**
 * What only groups have, for the shared membership views (features/membership) that pages fill with it: who can find
 * a group, in its create/edit dialog and on its card.
 */
export function GroupVisibilityField({ control }: { control: Control<FieldValues> }) {
  return (
    <RadioChoiceField
      name="visibility"
      control={control}
      id="group-visibility"
      label="Who can find it"
      choices={GROUP_VISIBILITIES}
      labels={GROUP_VISIBILITY_LABELS}
    />
  );
}

const count = (n: number | null, one: string, many: string) => `${n ?? 0} ${n === 1 ? one : many}`;

/** A group card's chips (join policy, visibility, counts) and, when requests wait, a link to decide them. */
export function GroupChips({ group }: { group: Group }) {
  return (
    <>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}>
        <Chip size="small" label={JOIN_POLICY_LABELS[group.joinPolicy].split(':')[0]} />
        <Chip size="small" label={group.visibility === 'public' ? 'Public' : 'Unlisted'} variant="outlined" />
        <Chip size="small" label={count(group.memberCount, 'member', 'members')} variant="outlined" />
        <Chip size="small" label={count(group.followerCount, 'follower', 'followers')} variant="outlined" />
      </Stack>
      {(group.pendingRequestCount ?? 0) > 0 && (
        <Link component={RouterLink} to={PATHS.organization.groupRequests} sx={{ display: 'inline-block', mt: 1 }}>
          {count(group.pendingRequestCount, 'request waits', 'requests wait')} for your decision
        </Link>
      )}
    </>
  );
}
