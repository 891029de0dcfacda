import VerifiedIcon from '@mui/icons-material/Verified';
import Chip from '@mui/material/Chip';
import type { VerificationBadge } from '@placely/contract';
import { formatDate } from '../dates';

/** A verified record or answer: which group vouched for it, who verified it and when. */
export function VerifiedBadge({ badge, compact = false }: { badge: VerificationBadge; compact?: boolean }) {
  const when = formatDate(badge.verifiedAt);
  const full = `Verified by ${badge.verifierName} for ${badge.groupName} on ${when}`;
  return (
    <Chip
      size="small"
      color="success"
      variant="outlined"
      icon={<VerifiedIcon />}
      label={compact ? 'Verified' : `Verified by ${badge.groupName}`}
      title={full}
      aria-label={full}
      sx={{ ml: 1, verticalAlign: 'middle', maxWidth: '100%' }}
    />
  );
}
