import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CYCLE_KIND_LABELS, CYCLE_STATUS_LABELS, type Cycle } from '@placely/contract';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatCalendarDate } from '../../../lib/dates';
import { useCycles } from '../api/getCycles';
import { useMyCells } from '../api/getMyCells';
import { BranchesPanel } from './BranchesPanel';
import { CycleDialog } from './CycleDialog';

export interface CellCyclesProps {
  /** Where a cycle opens (the page owns the paths). */
  cycleHref: (cycleId: string) => string;
}

/** The placement cell's home: its cycles (newest first), a new cycle, and the institution's branch list. */
export function CellCycles({ cycleHref }: CellCyclesProps) {
  const cells = useMyCells();
  const [chosen, setChosen] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const items = cells.data?.items ?? [];
  const cell = items.find((item) => item.institutionId === chosen) ?? items[0] ?? null;
  const cycles = useCycles(cell?.institutionId ?? null);

  if (cells.isPending) return <CircularProgress aria-label="Loading your placement cells" />;
  if (cells.isError) return <Alert severity="error">Your placement cells could not be loaded. Try again.</Alert>;
  if (!cell) {
    return (
      <Alert severity="info">
        You are not part of a placement cell. An institution’s root or admin runs its cell; they can link your
        organization to act for it.
      </Alert>
    );
  }
  const owner = cell.role === 'owner';
  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        {items.length > 1 ? (
          <TextField
            select
            label="Institution"
            value={cell.institutionId}
            onChange={(event) => setChosen(Number(event.target.value))}
            sx={{ minWidth: 260 }}
          >
            {items.map((item) => (
              <MenuItem key={item.institutionId} value={item.institutionId}>
                {item.institutionName}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <Typography variant="h2" sx={{ fontSize: '1.25rem', flexGrow: 1 }}>
            {cell.institutionName}
          </Typography>
        )}
        {owner && (
          <Button variant="contained" onClick={() => setCreating(true)}>
            New cycle
          </Button>
        )}
      </Stack>
      {cycles.isPending ? (
        <CircularProgress aria-label="Loading cycles" />
      ) : cycles.isError ? (
        <Alert severity="error">The cycles could not be loaded. Try again.</Alert>
      ) : cycles.data.items.length === 0 ? (
        <Alert severity="info">
          No cycles yet. {owner ? 'Create one for this season’s placements or internships.' : ''}
        </Alert>
      ) : (
        <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {cycles.data.items.map((cycle) => (
            <li key={cycle.id}>
              <CycleCard cycle={cycle} href={cycleHref(cycle.id)} />
            </li>
          ))}
        </Stack>
      )}
      <BranchesPanel institutionId={cell.institutionId} editable={owner} />
      {creating && <CycleDialog institutionId={cell.institutionId} onClose={() => setCreating(false)} />}
    </Stack>
  );
}

function CycleCard({ cycle, href }: { cycle: Cycle; href: string }) {
  return (
    <Card variant="outlined">
      <CardActionArea component={RouterLink} to={href}>
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
            <Typography variant="h3" sx={{ fontSize: '1.1rem', fontWeight: 600 }}>
              {cycle.name}
            </Typography>
            <Chip size="small" label={CYCLE_KIND_LABELS[cycle.kind]} />
            <Chip
              size="small"
              color={cycle.status === 'active' ? 'success' : 'default'}
              label={CYCLE_STATUS_LABELS[cycle.status]}
            />
          </Stack>
          <Typography color="text.secondary">
            {formatCalendarDate(cycle.startsOn)} – {formatCalendarDate(cycle.endsOn)}
            {cycle.counts &&
              ` · ${cycle.counts.enrolled} students · ${cycle.counts.companies} companies · ${cycle.counts.openings} openings`}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
