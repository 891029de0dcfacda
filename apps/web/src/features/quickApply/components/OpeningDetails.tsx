import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import PeopleOutlinedIcon from '@mui/icons-material/PeopleOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PublicOpening } from '@placely/contract';
import { type ReactNode, useId, useState } from 'react';
import {
  deadlineDistance,
  describeEligibility,
  formatCalendarDate,
  formatCompensation,
  formatDeadline,
  formatLocations,
  KIND_LABELS,
} from '../describe';

/** Read by screen readers, not shown (the icon says it on screen). In sx, a width of 1 would mean 100%. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} component="li" sx={{ alignItems: 'flex-start' }}>
      <Box sx={{ color: 'text.secondary', display: 'flex', pt: '2px' }} aria-hidden="true">
        {icon}
      </Box>
      <Typography component="span">
        <Box component="span" sx={VISUALLY_HIDDEN}>
          {label}:{' '}
        </Box>
        {children}
      </Typography>
    </Stack>
  );
}

/** The organization's name and logo, as a heading line above the opening's title. */
export function OrganizationLine({ organization }: { organization: PublicOpening['organization'] }) {
  const name = organization.name ?? 'An organization';
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
      <Avatar
        variant="rounded"
        src={organization.logoUrl ?? undefined}
        alt=""
        sx={{ width: 40, height: 40, bgcolor: 'primary.main' }}
      >
        {name.charAt(0).toUpperCase()}
      </Avatar>
      <Typography sx={{ fontWeight: 500 }}>
        {organization.website ? (
          <Link href={organization.website} target="_blank" rel="noopener noreferrer" underline="hover">
            {name}
          </Link>
        ) : (
          name
        )}
      </Typography>
    </Stack>
  );
}

export interface OpeningDetailsProps {
  opening: PublicOpening;
  /** Fold the long description behind a button (e.g. on the confirmation screen). */
  compact?: boolean;
}

/**
 * What an opening is: organization, title (the page's h1), kind, places, pay, deadline with its time zone,
 * start date, number of openings, the description (HTML the server sanitized) and who may apply, in words.
 */
export function OpeningDetails({ opening, compact = false }: OpeningDetailsProps) {
  const compensation = formatCompensation(opening.compensation);
  const places = formatLocations(opening.locations, opening.remote);
  const rules = describeEligibility(opening.eligibility);
  // Compact pages (a blocker, a sent application) keep the description one click away instead of pushing it.
  const [showDescription, setShowDescription] = useState(false);
  const descriptionId = useId();
  return (
    <Stack spacing={2.5} component="header">
      <OrganizationLine organization={opening.organization} />
      <Box>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' }, mb: 1 }}>
          {opening.title}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Chip label={KIND_LABELS[opening.kind]} color="primary" variant="outlined" size="small" />
          {opening.status === 'open' && (
            <Chip label={deadlineDistance(opening.deadline)} size="small" variant="outlined" />
          )}
        </Stack>
      </Box>
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Opening details">
        {places && (
          <Fact icon={<PlaceOutlinedIcon fontSize="small" />} label="Where">
            {places}
          </Fact>
        )}
        {compensation && (
          <Fact icon={<PaymentsOutlinedIcon fontSize="small" />} label="Pay">
            {compensation}
          </Fact>
        )}
        <Fact icon={<EventOutlinedIcon fontSize="small" />} label="Deadline">
          Apply by {formatDeadline(opening.deadline)}
        </Fact>
        {opening.startDate && (
          <Fact icon={<FlagOutlinedIcon fontSize="small" />} label="Start">
            Starts {formatCalendarDate(opening.startDate)}
          </Fact>
        )}
        {opening.openingsCount !== null && (
          <Fact icon={<PeopleOutlinedIcon fontSize="small" />} label="Openings">
            {opening.openingsCount} {opening.openingsCount === 1 ? 'position' : 'positions'}
          </Fact>
        )}
      </Stack>
      {opening.description && (!compact || showDescription) && (
        <Box
          id={descriptionId}
          // The server sanitizes the description HTML (allow-listed tags, no scripts or handlers) before storing it.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized server-side; this is its only rendering
          dangerouslySetInnerHTML={{ __html: opening.description }}
          sx={{ '& :first-of-type': { mt: 0 }, '& img': { maxWidth: '100%' }, overflowWrap: 'anywhere' }}
        />
      )}
      {compact && opening.description && (
        <Box>
          <Button
            size="small"
            aria-expanded={showDescription}
            aria-controls={showDescription ? descriptionId : undefined}
            onClick={() => setShowDescription((shown) => !shown)}
          >
            {showDescription ? 'Hide the description' : 'Read the description'}
          </Button>
        </Box>
      )}
      <Box>
        <Typography variant="h6" component="h2" sx={{ fontSize: '1.05rem' }}>
          Who can apply
        </Typography>
        {rules.length === 0 ? (
          <Typography color="text.secondary">Everyone can apply.</Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {rules.map((rule) => (
              <li key={rule.rule}>
                <Typography>{rule.text}</Typography>
              </li>
            ))}
          </Box>
        )}
      </Box>
    </Stack>
  );
}
