import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputLabel from '@mui/material/InputLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  ORGANIZATION_ROLE_LABELS,
  ORGANIZATION_ROLES,
  type OrganizationPerson,
  type OrganizationRole,
  organizationInviteBodySchema,
} from '@placely/contract';
import { type ComponentType, type FormEvent, useId, useState } from 'react';
import { ApiError } from '../../../lib/api/errors';
import { ConfirmDialog } from '../../../lib/components/ConfirmDialog';
import { Section } from '../../../lib/components/Section';
import { formatDate } from '../../../lib/dates';
import { showError, showSuccess } from '../../../lib/snackbar';
import { peopleOf, useOrganizationPeople } from '../api/getOrganizationPeople';
import { useInviteMember } from '../api/inviteMember';
import { useRemoveMember } from '../api/removeMember';
import { useRevokeInvitation } from '../api/revokeInvitation';
import { useUpdateMember } from '../api/updateMember';

export interface OpeningChoice {
  id: string;
  title: string;
}

/**
 * The openings picker the page passes in (features/openings' server-searched one; features do not import each
 * other): several openings for a role's scope.
 */
export type OpeningsPickerSlot = ComponentType<{
  label: string;
  error?: string | undefined;
  multiple: true;
  value: OpeningChoice[];
  onChange: (value: OpeningChoice[]) => void;
}>;

interface RoleScope {
  role: OrganizationRole;
  allOpenings: boolean;
  /** With titles, so chosen openings stay named whatever the picker has loaded. */
  openings: OpeningChoice[];
  canViewContacts: boolean;
}

const bodyOf = ({ openings, ...scope }: RoleScope) => ({ ...scope, openingIds: openings.map((item) => item.id) });

const ROLE_HELP: Record<OrganizationRole, string> = {
  owner: 'Everything, including the team.',
  coordinator: 'Openings, forms, responses and exports.',
  reviewer: 'Reads the openings they are given; no exports.',
};

/** Role, opening scope and (for reviewers) contact details: shared by the invite form and the change dialog. */
function RoleScopeFields({
  value,
  onChange,
  OpeningsPicker,
  error,
}: {
  value: RoleScope;
  onChange: (next: RoleScope) => void;
  OpeningsPicker: OpeningsPickerSlot;
  error?: string | undefined;
}) {
  const roleLabel = useId();
  return (
    <Stack spacing={1.5}>
      <FormControl size="small" sx={{ minWidth: 180 }}>
        <InputLabel id={roleLabel}>Role</InputLabel>
        <Select
          labelId={roleLabel}
          label="Role"
          value={value.role}
          onChange={(event) => onChange({ ...value, role: event.target.value as OrganizationRole })}
        >
          {ORGANIZATION_ROLES.map((role) => (
            <MenuItem key={role} value={role}>
              {ORGANIZATION_ROLE_LABELS[role]}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <Alert severity="info" icon={false} sx={{ py: 0 }}>
        {ROLE_HELP[value.role]}
      </Alert>
      {value.role !== 'owner' && (
        <FormControlLabel
          control={
            <Checkbox
              checked={value.allOpenings}
              onChange={(event) => onChange({ ...value, allOpenings: event.target.checked })}
            />
          }
          label="All openings"
        />
      )}
      {value.role !== 'owner' && !value.allOpenings && (
        <OpeningsPicker
          label="Openings"
          multiple
          value={value.openings}
          onChange={(openings) => onChange({ ...value, openings })}
          error={error}
        />
      )}
      {value.role === 'reviewer' && (
        <FormControlLabel
          control={
            <Checkbox
              checked={value.canViewContacts}
              onChange={(event) => onChange({ ...value, canViewContacts: event.target.checked })}
            />
          }
          label="May see applicants' contact details"
        />
      )}
    </Stack>
  );
}

const fieldError = (error: unknown, field: string) =>
  error instanceof ApiError ? error.fields?.find((item) => item.field === field)?.message : undefined;

function InviteForm({ OpeningsPicker }: { OpeningsPicker: OpeningsPickerSlot }) {
  const invite = useInviteMember();
  const [email, setEmail] = useState('');
  const [scope, setScope] = useState<RoleScope>({
    role: 'coordinator',
    allOpenings: true,
    openings: [],
    canViewContacts: false,
  });
  const [emailError, setEmailError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = organizationInviteBodySchema.safeParse({ email, ...bodyOf(scope) });
    if (!parsed.success) {
      setEmailError(parsed.error.issues.find((issue) => issue.path[0] === 'email')?.message);
      return;
    }
    setEmailError(undefined);
    invite.mutate(parsed.data, {
      onSuccess: (result) => {
        showSuccess(result.message);
        setEmail('');
      },
      onError: (error) => {
        const message = fieldError(error, 'email');
        if (message) setEmailError(message);
        else showError(error);
      },
    });
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={1.5} sx={{ mt: 3 }} aria-label="Invite to the team">
      <TextField
        label="Invite by email"
        type="email"
        size="small"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={Boolean(emailError)}
        helperText={emailError ?? 'Someone without a Placely account gets the role when they first sign in.'}
        required
      />
      <RoleScopeFields
        value={scope}
        onChange={setScope}
        OpeningsPicker={OpeningsPicker}
        error={fieldError(invite.error, 'openingIds')}
      />
      <div>
        <Button type="submit" variant="contained" disabled={invite.isPending}>
          Send invitation
        </Button>
      </div>
    </Stack>
  );
}

function ChangeRoleDialog({
  person,
  OpeningsPicker,
  onClose,
}: {
  person: OrganizationPerson;
  OpeningsPicker: OpeningsPickerSlot;
  onClose: () => void;
}) {
  const update = useUpdateMember();
  const [scope, setScope] = useState<RoleScope>({
    role: person.role,
    allOpenings: person.allOpenings,
    openings: person.openings,
    canViewContacts: person.canViewContacts,
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>Change role of {person.name ?? person.email}</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        <RoleScopeFields
          value={scope}
          onChange={setScope}
          OpeningsPicker={OpeningsPicker}
          error={fieldError(update.error, 'openingIds')}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={update.isPending}
          onClick={() =>
            update.mutate(
              { memberId: person.memberId, ...bodyOf(scope) },
              {
                onSuccess: (result) => {
                  showSuccess(result.message);
                  onClose();
                },
              },
            )
          }
        >
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function describeScope(person: OrganizationPerson) {
  if (person.allOpenings) return 'All openings';
  return person.openings.map((opening) => opening.title).join(', ') || 'No openings';
}

function describeState(person: OrganizationPerson) {
  if (person.state === 'invited') return `Invited${person.expiresAt ? `, until ${formatDate(person.expiresAt)}` : ''}`;
  if (person.state === 'expired') return 'Invitation expired';
  return null;
}

/**
 * The organization profile's People section: who is in the team with which role and openings; owners invite by
 * email, change roles and remove people (the server refuses the last owner and decides every ability).
 */
export function PeopleSection({ OpeningsPicker }: { OpeningsPicker: OpeningsPickerSlot }) {
  const people = useOrganizationPeople();
  const remove = useRemoveMember();
  const revoke = useRevokeInvitation();
  const [editing, setEditing] = useState<OrganizationPerson | null>(null);
  const [removing, setRemoving] = useState<OrganizationPerson | null>(null);

  const description = 'Owners run everything; coordinators run openings and responses; reviewers read and rate.';
  if (people.isPending) {
    return (
      <Section title="People" description={description}>
        <CircularProgress aria-label="Loading people" />
      </Section>
    );
  }
  if (people.isError) {
    return (
      <Section title="People" description={description}>
        <Alert severity="error">The team could not be loaded.</Alert>
      </Section>
    );
  }
  const abilities = people.data.pages[0]?.abilities ?? { manage: false, viewActivity: false };
  return (
    <Section title="People" description={description}>
      <List aria-label="People" disablePadding>
        {peopleOf(people.data).map((person) => {
          const state = describeState(person);
          return (
            <ListItem
              key={person.memberId}
              divider
              disableGutters
              secondaryAction={
                abilities.manage && (
                  <Stack direction="row" spacing={1}>
                    {person.state === 'active' && (
                      <Button size="small" onClick={() => setEditing(person)}>
                        Change role
                      </Button>
                    )}
                    <Button size="small" color="error" onClick={() => setRemoving(person)}>
                      {person.state === 'active' ? 'Remove' : 'Revoke'}
                    </Button>
                  </Stack>
                )
              }
              sx={{ pr: abilities.manage ? 24 : 0 }}
            >
              <ListItemText
                primary={
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    <span>{person.name ?? person.email}</span>
                    <Chip size="small" label={ORGANIZATION_ROLE_LABELS[person.role]} />
                    {state && <Chip size="small" variant="outlined" label={state} />}
                  </Stack>
                }
                secondary={`${person.email} · ${describeScope(person)}${
                  person.role === 'reviewer' && person.canViewContacts ? ' · sees contact details' : ''
                }`}
              />
            </ListItem>
          );
        })}
      </List>
      {people.hasNextPage && (
        <div>
          <Button onClick={() => void people.fetchNextPage()} disabled={people.isFetchingNextPage}>
            Show more people
          </Button>
        </div>
      )}
      {abilities.manage && <InviteForm OpeningsPicker={OpeningsPicker} />}
      {editing && (
        <ChangeRoleDialog person={editing} OpeningsPicker={OpeningsPicker} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={removing?.state === 'active' ? 'Remove from the organization?' : 'Revoke the invitation?'}
        confirmLabel={removing?.state === 'active' ? 'Remove' : 'Revoke'}
        destructive
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const person = removing;
          setRemoving(null);
          if (!person) return;
          const onSuccess = (result: { message: string }) => showSuccess(result.message);
          if (person.state === 'active') remove.mutate(person.memberId, { onSuccess });
          else revoke.mutate(person.memberId, { onSuccess });
        }}
      >
        {removing?.state === 'active'
          ? `${removing.name ?? removing.email} loses access at once, also in sessions that are open now.`
          : `${removing?.email} will not join when they sign in.`}
      </ConfirmDialog>
    </Section>
  );
}
