import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import { AUDIT_KIND_LABELS, AUDIT_KINDS, type AuditKind } from '@placely/contract';
import { type ComponentType, useId, useState } from 'react';
import { type ActivityFilters, useActivity } from '../api/getActivity';
import { peopleOf, useOrganizationPeople } from '../api/getOrganizationPeople';
import { describeEvent, whenDone, whoDid } from './describeEvent';
import type { OpeningChoice } from './PeopleSection';

/** The openings picker the page passes in (features/openings' server-searched one): one opening, or none. */
export type OpeningPickerSlot = ComponentType<{
  label: string;
  value: OpeningChoice | null;
  onChange: (value: OpeningChoice | null) => void;
}>;

function FilterSelect({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
}) {
  const labelId = useId();
  return (
    <FormControl size="small" sx={{ minWidth: 200 }}>
      <InputLabel id={labelId}>{label}</InputLabel>
      <Select labelId={labelId} label={label} value={value} onChange={(event) => onChange(event.target.value)}>
        <MenuItem value="">Any</MenuItem>
        {options.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

/** The organization's audit trail for owners, filterable by person, opening and kind. */
export function ActivityLog({ OpeningPicker }: { OpeningPicker: OpeningPickerSlot }) {
  const [person, setPerson] = useState('');
  const [opening, setOpening] = useState<OpeningChoice | null>(null);
  const openingId = opening?.id ?? '';
  const [kind, setKind] = useState('');
  const filters: ActivityFilters = {
    person: person ? Number(person) : undefined,
    openingId: openingId || undefined,
    kind: (kind || undefined) as AuditKind | undefined,
  };
  const activity = useActivity(filters);
  const people = useOrganizationPeople();
  // The first page of the team (owners and coordinators first) names the people to filter by.
  const personOptions = peopleOf(people.data).flatMap((item) =>
    item.userId === null ? [] : [{ value: String(item.userId), label: item.name ?? item.email }],
  );

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} role="group" aria-label="Filter activity">
        <FilterSelect label="Person" value={person} onChange={setPerson} options={personOptions} />
        <Box sx={{ minWidth: 240 }}>
          <OpeningPicker label="Opening" value={opening} onChange={setOpening} />
        </Box>
        <FilterSelect
          label="Kind"
          value={kind}
          onChange={setKind}
          options={AUDIT_KINDS.map((value) => ({ value, label: AUDIT_KIND_LABELS[value] }))}
        />
      </Stack>
      {activity.isPending ? (
        <CircularProgress aria-label="Loading activity" />
      ) : activity.isError ? (
        <Alert severity="error">{activity.error.message}</Alert>
      ) : (
        <>
          <List aria-label="Activity" disablePadding>
            {activity.data.pages.flatMap((page) =>
              page.items.map((event) => (
                <ListItem key={event.id} divider disableGutters>
                  <ListItemText
                    primary={`${whoDid(event)} · ${describeEvent(event)}`}
                    secondary={[event.opening?.title, whenDone(event)].filter(Boolean).join(' · ')}
                  />
                </ListItem>
              )),
            )}
          </List>
          {activity.data.pages[0]?.items.length === 0 && <Alert severity="info">Nothing has happened yet.</Alert>}
          {activity.hasNextPage && (
            <div>
              <Button onClick={() => void activity.fetchNextPage()} disabled={activity.isFetchingNextPage}>
                Show more
              </Button>
            </div>
          )}
        </>
      )}
    </Stack>
  );
}
