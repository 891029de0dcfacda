import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ApprovalState, VerificationGroup, VerificationMember } from '@placely/contract';
import { useState } from 'react';
import { type Control, Controller, type FieldValues } from 'react-hook-form';
import { MemberRecordsDialog } from './MemberRecordsDialog';
import { RolesDialog } from './RolesDialog';

/**
 * What only verification groups have, for the shared membership views (features/membership) that pages fill with
 * it: the institution a group verifies for, its approval, roles and members' records.
 */

export type InstitutionChoice = { institutionId: number; name: string };

export const APPROVAL_LABELS: Record<ApprovalState, { label: string; color: 'warning' | 'success' | 'error' }> = {
  pending: { label: 'Awaiting approval', color: 'warning' },
  approved: { label: 'Live', color: 'success' },
  rejected: { label: 'Not approved', color: 'error' },
};

/** "On behalf of": an institution the person holds a role at, or (organizations) their own organization. */
export function InstitutionField({
  control,
  institutions,
  allowWithoutInstitution,
}: {
  control: Control<FieldValues>;
  institutions: readonly InstitutionChoice[];
  allowWithoutInstitution: boolean;
}) {
  if (institutions.length === 0 && allowWithoutInstitution) return null;
  return (
    <Controller
      name="institutionId"
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          select
          label="On behalf of"
          name={field.name}
          inputRef={field.ref}
          value={field.value ?? ''}
          onChange={(event) => field.onChange(event.target.value === '' ? null : Number(event.target.value))}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? 'An institution you hold a role at, or your organization'}
        >
          {allowWithoutInstitution && <MenuItem value="">Your organization</MenuItem>}
          {institutions.map((institution) => (
            <MenuItem key={institution.institutionId} value={institution.institutionId}>
              {institution.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

export const ApprovalFirstNotice = () => (
  <Alert severity="info">A platform verification admin approves new groups before people can join.</Alert>
);

export const PendingApprovalNotice = ({ group }: { group: VerificationGroup }) =>
  group.approvalState === 'pending' ? (
    <Alert severity="warning">This group is awaiting approval; you can join once it is approved.</Alert>
  ) : null;

export const InstitutionLine = ({ group }: { group: VerificationGroup }) =>
  group.institution && <Typography color="text.secondary">For {group.institution.name}</Typography>;

/** A verification group card's chips: approval, the caller's role, members and requests. */
export function VerificationChips({ group }: { group: VerificationGroup }) {
  const approval = APPROVAL_LABELS[group.approvalState];
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}>
      <Chip size="small" color={approval.color} label={approval.label} />
      {group.viewer.role && <Chip size="small" variant="outlined" label={`Your role: ${group.viewer.role}`} />}
      <Chip size="small" variant="outlined" label={`${group.memberCount} members`} />
      {group.pendingRequestCount !== null && (
        <Chip size="small" variant="outlined" label={`${group.pendingRequestCount} requests`} />
      )}
    </Stack>
  );
}

/** Roles by email, for those who manage the group. */
export function RolesButton({ group }: { group: VerificationGroup }) {
  const [open, setOpen] = useState(false);
  if (!group.abilities.manage) return null;
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} aria-label={`Roles of ${group.name}`}>
        Roles
      </Button>
      {open && <RolesDialog group={group} onClose={() => setOpen(false)} />}
    </>
  );
}

export const VerifiedCount = ({ member }: { member: VerificationMember }) => (
  <Typography variant="caption" color="text.secondary">
    {member.verifiedCount === 1 ? '1 record verified' : `${member.verifiedCount} records verified`}
  </Typography>
);

/** Opens a member's records to verify or reject each one. */
export function ReviewRecordsButton({ member }: { member: VerificationMember }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        aria-label={`Review records of ${member.person.name}`}
        onClick={() => setOpen(true)}
      >
        Review records
      </Button>
      {open && (
        <MemberRecordsDialog
          groupId={member.groupId}
          userId={member.person.userId}
          name={member.person.name}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
