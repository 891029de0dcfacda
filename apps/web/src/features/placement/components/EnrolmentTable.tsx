import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ENROLMENT_STATUS_LABELS,
  ENROLMENT_STATUSES,
  type Enrolment,
  type EnrolmentStatus,
  OPT_OUT_REASON_LABELS,
  PLACEMENT_LIMITS,
} from '@placely/contract';
import { useState } from 'react';
import { Section } from '../../../lib/components/Section';
import { showError, showSuccess } from '../../../lib/snackbar';
import { useDebounced } from '../../../lib/useDebounced';
import { useBranches } from '../api/getBranches';
import { type EnrolmentFilters, useEnrolments } from '../api/getEnrolments';
import { useUpdateEnrolment } from '../api/updateEnrolment';
import { DebarDialog } from './DebarDialog';

const STATUS_COLORS: Record<EnrolmentStatus, 'default' | 'success' | 'warning' | 'error'> = {
  available: 'default',
  placed: 'success',
  opted_out: 'warning',
  debarred: 'error',
};

/** A number typed into a filter, or undefined while it is empty or not a number yet. */
function numberOrUndefined(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

export interface EnrolmentTableProps {
  cycleId: string;
  institutionId: number;
  canManage: boolean;
}

/**
 * The cycle's students with their verified records as columns and filters (branch, CGPA, backlogs, graduation year,
 * status), a page at a time; the cell debars (with a reason) or restores a student.
 */
export function EnrolmentTable({ cycleId, institutionId, canManage }: EnrolmentTableProps) {
  const branches = useBranches(institutionId);
  const [status, setStatus] = useState<EnrolmentStatus | ''>('');
  const [branchId, setBranchId] = useState('');
  const [minCgpa, setMinCgpa] = useState('');
  const [maxBacklogs, setMaxBacklogs] = useState('');
  const [graduationYear, setGraduationYear] = useState('');
  const [q, setQ] = useState('');
  // Typed filters wait until typing pauses; choices apply at once.
  const typed = JSON.parse(useDebounced(JSON.stringify({ minCgpa, maxBacklogs, graduationYear, q }))) as {
    minCgpa: string;
    maxBacklogs: string;
    graduationYear: string;
    q: string;
  };
  const filters: EnrolmentFilters = {
    status: status || undefined,
    branchId: branchId || undefined,
    minCgpa: numberOrUndefined(typed.minCgpa),
    maxBacklogs: numberOrUndefined(typed.maxBacklogs),
    graduationYear: numberOrUndefined(typed.graduationYear),
    q: typed.q.trim() || undefined,
  };
  const pages = useEnrolments(cycleId, filters);
  const update = useUpdateEnrolment(cycleId);
  const [debarring, setDebarring] = useState<Enrolment | null>(null);
  const rows = pages.data?.pages.flatMap((page) => page.items) ?? [];

  const restore = (enrolment: Enrolment) =>
    update.mutate(
      { enrolmentId: enrolment.id, status: 'available' },
      { onSuccess: (result) => showSuccess(result.message), onError: (error) => showError(error) },
    );

  return (
    <Section
      title="Students"
      description="Records as the cell verified them; a locked record changes only through a correction."
    >
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ flexWrap: 'wrap', mb: 2 }}
        role="search"
        aria-label="Filter students"
      >
        <TextField
          label="Search name, email or roll number"
          size="small"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          sx={{ minWidth: 240 }}
        />
        <TextField
          select
          label="Status"
          size="small"
          value={status}
          onChange={(e) => setStatus(e.target.value as EnrolmentStatus | '')}
          sx={{ minWidth: 140 }}
        >
          <MenuItem value="">Any</MenuItem>
          {ENROLMENT_STATUSES.map((value) => (
            <MenuItem key={value} value={value}>
              {ENROLMENT_STATUS_LABELS[value]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Branch"
          size="small"
          value={branchId}
          onChange={(e) => setBranchId(e.target.value)}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">Any</MenuItem>
          {branches.data?.items.map((branch) => (
            <MenuItem key={branch.id} value={branch.id}>
              {branch.degree} · {branch.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="CGPA at least"
          size="small"
          type="number"
          value={minCgpa}
          onChange={(e) => setMinCgpa(e.target.value)}
          slotProps={{ htmlInput: { min: 0, max: PLACEMENT_LIMITS.maxCgpa, step: 0.1 } }}
          sx={{ width: 130 }}
        />
        <TextField
          label="Backlogs at most"
          size="small"
          type="number"
          value={maxBacklogs}
          onChange={(e) => setMaxBacklogs(e.target.value)}
          slotProps={{ htmlInput: { min: 0, step: 1 } }}
          sx={{ width: 140 }}
        />
        <TextField
          label="Graduation year"
          size="small"
          type="number"
          value={graduationYear}
          onChange={(e) => setGraduationYear(e.target.value)}
          sx={{ width: 140 }}
        />
      </Stack>
      {pages.isError && (
        <Alert severity="error">The students could not be loaded. Check the filters and try again.</Alert>
      )}
      {pages.isSuccess && rows.length === 0 && <Typography color="text.secondary">No students match.</Typography>}
      {rows.length > 0 && (
        <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Students, scrolls sideways">
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>Student</TableCell>
                <TableCell>Roll number</TableCell>
                <TableCell>Branch</TableCell>
                <TableCell align="right">CGPA</TableCell>
                <TableCell align="right">Backlogs</TableCell>
                <TableCell align="right">Graduation</TableCell>
                <TableCell>Status</TableCell>
                {canManage && <TableCell>Actions</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id}>
                  <TableCell>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {row.name ?? row.email}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {row.email}
                      {!row.claimed && ' · no account yet'}
                    </Typography>
                  </TableCell>
                  <TableCell>{row.rollNumber ?? '—'}</TableCell>
                  <TableCell>
                    {row.branch ? `${row.branch.degree} · ${row.branch.name}` : (row.branchText ?? '—')}
                    {!row.branch && row.branchText && (
                      <Typography variant="caption" color="warning.main" sx={{ display: 'block' }}>
                        Not on the branch list
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell align="right">{row.cgpa ?? '—'}</TableCell>
                  <TableCell align="right">{row.backlogs ?? '—'}</TableCell>
                  <TableCell align="right">{row.graduationYear ?? '—'}</TableCell>
                  <TableCell>
                    <Chip size="small" color={STATUS_COLORS[row.status]} label={ENROLMENT_STATUS_LABELS[row.status]} />
                    {row.recordsLocked && (
                      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                        Verified, locked
                      </Typography>
                    )}
                    {row.debarredReason && (
                      <Typography variant="caption" sx={{ display: 'block' }}>
                        {row.debarredReason}
                      </Typography>
                    )}
                    {row.optOutReason && (
                      <Typography variant="caption" sx={{ display: 'block' }}>
                        {OPT_OUT_REASON_LABELS[row.optOutReason]}
                      </Typography>
                    )}
                  </TableCell>
                  {canManage && (
                    <TableCell>
                      {row.status === 'debarred' ? (
                        <Button size="small" onClick={() => restore(row)}>
                          Restore
                        </Button>
                      ) : row.status === 'available' ? (
                        <Button size="small" color="error" onClick={() => setDebarring(row)}>
                          Debar
                        </Button>
                      ) : null}
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {pages.hasNextPage && (
        <Button sx={{ mt: 2 }} onClick={() => pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
          {pages.isFetchingNextPage ? 'Loading…' : 'Show more students'}
        </Button>
      )}
      {debarring && (
        <DebarDialog
          enrolment={debarring}
          onClose={() => setDebarring(null)}
          onDebar={(reason) =>
            update.mutate(
              { enrolmentId: debarring.id, status: 'debarred', debarredReason: reason },
              {
                onSuccess: (result) => {
                  showSuccess(result.message);
                  setDebarring(null);
                },
                onError: (error) => showError(error),
              },
            )
          }
        />
      )}
    </Section>
  );
}
