import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import {
  APPLICATION_STATUS_LABELS,
  isContactField,
  OPENING_STATUS_LABELS,
  RESPONSE_SORT_COLUMNS,
  type ResponseSortColumn,
} from '@placely/contract';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PATHS, toEditOpening } from '../../../app/paths';
import { VerifiedBadge } from '../../../lib/components/VerifiedBadge';
import { showError } from '../../../lib/snackbar';
import { openFile } from '../../../lib/uploads/fileLink';
import { fieldFor, formatAnswer, responseColumns } from '../answers';
import { useOpening } from '../api/getOpening';
import { type ApplicationsFilter, type ResponseOrder, useApplications } from '../api/listApplications';
import { formatDateTime } from '../dateTime';
import { DEFAULT_ORDER, formatGrade, ORDER_WORDS, orderOnClick, sortOf } from '../sort';
import { ApplicationDialog } from './ApplicationDialog';
import { ExportButtons } from './ExportButtons';

/** Read by screen readers, not shown: the active column's order in words ("A to Z"). */
const hiddenSx = {
  // A block of its own, so the accessible name keeps the space before it: "Applicant (A to Z)".
  display: 'block',
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

const cellSx = {
  maxWidth: 240,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
} as const;

export interface ResponsesViewProps {
  openingId: string;
  /** The application open in the dialog (from the address), or null. */
  applicationId: string | null;
  /** A file of that application to download on arrival (links in the export point here), or null. */
  fileId: string | null;
  onOpenApplication: (applicationId: string | null) => void;
  /** Called once the file download has started, so the address stops asking for it. */
  onFileStarted: () => void;
  /** Who last changed the opening (the page fills it from the audit trail). */
  openingNote?: ReactNode;
  /** Who last did something with one application. */
  renderApplicationNote?: (applicationId: string) => ReactNode;
  /** The table's order (the page keeps it in the address, `&sort=`); without it the view keeps its own. */
  order?: ResponseOrder;
  onOrderChange?: (order: ResponseOrder) => void;
  /** Only the applications matching these filters (shortlisting: stage, text, tags, facts, answers), or all. */
  filter?: ApplicationsFilter;
  /** The name of a stage: when given, the table has a Stage column. */
  stageNameOf?: (stageId: string) => string | undefined;
  /** Selected applications (kept across pages and "Load more"): when given, rows have checkboxes. */
  selection?: { selected: ReadonlySet<string>; onChange: (selected: Set<string>) => void };
  /** Shown above the table (the page passes the pipeline's filters and actions); given the matching total. */
  toolbar?: ReactNode | ((listing: { total: number }) => ReactNode);
  /** Shown instead of the table (the page's board or ranking view); the header, counts and exports stay. */
  body?: ReactNode;
  /** More in the application dialog (the page passes the stage history). */
  renderApplicationExtra?: (applicationId: string) => ReactNode;
}

/**
 * Where a grade or year comes from: the applicant's verified education as its verifier saw it, or what they
 * typed themselves (auto-fill data), which nobody has checked.
 */
function FactSource({ verified }: { verified: boolean }) {
  return (
    <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
      {verified ? 'verified' : 'self-reported'}
    </Typography>
  );
}

/** The responses to one opening: a table of applicants and their answers, one application at a time, exports. */
export function ResponsesView({
  openingId,
  applicationId,
  fileId,
  onOpenApplication,
  onFileStarted,
  openingNote,
  renderApplicationNote,
  order: givenOrder,
  onOrderChange,
  filter = {},
  stageNameOf,
  selection,
  toolbar,
  body,
  renderApplicationExtra,
}: ResponsesViewProps) {
  const [ownOrder, setOwnOrder] = useState<ResponseOrder>(DEFAULT_ORDER);
  const order = givenOrder ?? ownOrder;
  const changeOrder = onOrderChange ?? setOwnOrder;
  const opening = useOpening(openingId);
  const applications = useApplications(openingId, order, filter);
  const pages = applications.data?.pages ?? [];
  const items = pages.flatMap((page) => page.items);
  const total = pages[0]?.total ?? 0;
  // The Score column only where a ranking recipe gives the scores a meaning.
  const scored = pages[0]?.scored ?? false;
  const sorted = sortOf(order);
  /** A header that sorts by its column: a click (or Enter/Space) sorts, a second one turns the order around. */
  const sortHeader = (column: ResponseSortColumn, label: string, align?: 'right') => {
    const active = sorted.column === column;
    return (
      <TableCell
        key={column}
        align={align}
        sortDirection={active ? sorted.direction : false}
        sx={{ whiteSpace: 'nowrap', ...(column === 'name' ? { minWidth: 160 } : {}) }}
      >
        <TableSortLabel
          active={active}
          direction={active ? sorted.direction : RESPONSE_SORT_COLUMNS[column].first}
          onClick={() => changeOrder(orderOnClick(order, column))}
        >
          {label}
          {active && (
            <Box component="span" sx={hiddenSx}>
              ({ORDER_WORDS[order]})
            </Box>
          )}
        </TableSortLabel>
      </TableCell>
    );
  };
  const forms = useMemo(() => {
    const byVersion = new Map(pages.flatMap((page) => page.forms).map((form) => [form.version, form]));
    return [...byVersion.values()];
  }, [pages]);
  const columns = useMemo(() => responseColumns(forms), [forms]);

  // A file link from the export: fetch a fresh signed link once and let the browser download it.
  const startedFile = useRef<string | null>(null);
  useEffect(() => {
    if (!fileId || startedFile.current === fileId) return;
    startedFile.current = fileId;
    openFile(fileId).then(onFileStarted, (error: unknown) => {
      showError(error);
      onFileStarted();
    });
  }, [fileId, onFileStarted]);

  const title = opening.data?.title ?? 'Responses';
  const pageSelected = selection ? items.filter((item) => selection.selected.has(item.id)).length : 0;
  const toggle = (ids: string[], on: boolean) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    selection.onChange(next);
  };
  return (
    <Stack spacing={2}>
      <Box>
        <Button component={RouterLink} to={PATHS.organization.openings} startIcon={<ArrowBackIcon />} size="small">
          All openings
        </Button>
      </Box>
      <Box>
        <Typography variant="h2" sx={{ fontSize: { xs: '1.35rem', sm: '1.6rem' }, wordBreak: 'break-word' }}>
          {opening.isPending ? <Skeleton width={240} /> : title}
        </Typography>
        {opening.data && (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 0.5 }}>
            <Chip size="small" label={OPENING_STATUS_LABELS[opening.data.status]} />
            <Typography variant="body2" color="text.secondary">
              Deadline {formatDateTime(opening.data.deadline)}
              {opening.data.formVersion !== null && ` · form version ${opening.data.formVersion}`}
            </Typography>
            {opening.data.abilities.update && (
              <Link component={RouterLink} to={toEditOpening(openingId)} variant="body2">
                Edit opening
              </Link>
            )}
          </Stack>
        )}
        {openingNote}
        {opening.isError && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {opening.error.message}
          </Alert>
        )}
      </Box>

      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography role="status">
          {applications.isPending
            ? 'Loading applications…'
            : `${total} ${total === 1 ? 'application' : 'applications'}${items.length < total ? ` · showing ${items.length}` : ''}`}
        </Typography>
        {opening.data?.abilities.export && <ExportButtons openingId={openingId} disabled={total === 0} />}
      </Stack>

      {typeof toolbar === 'function' ? toolbar({ total }) : toolbar}

      {body ? (
        body
      ) : applications.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => applications.refetch()}>
              Try again
            </Button>
          }
        >
          {applications.error.message}
        </Alert>
      ) : applications.isPending ? (
        <Skeleton variant="rounded" height={200} />
      ) : items.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography color="text.secondary">
            {Object.entries(filter).some(([key, value]) => key !== 'stageId' && value)
              ? 'No applications match these filters.'
              : filter.stageId
                ? 'No applications in this stage.'
                : 'No applications yet. Share the form link to start receiving them.'}
          </Typography>
        </Paper>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={`Applications to ${title}`}>
            <TableHead>
              <TableRow>
                {selection && (
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={pageSelected > 0 && pageSelected === items.length}
                      indeterminate={pageSelected > 0 && pageSelected < items.length}
                      onChange={(event) =>
                        toggle(
                          items.map((item) => item.id),
                          event.target.checked,
                        )
                      }
                      slotProps={{ input: { 'aria-label': 'Select every application shown' } }}
                    />
                  </TableCell>
                )}
                {sortHeader('name', 'Applicant')}
                {sortHeader('applied', 'Applied')}
                <TableCell>Status</TableCell>
                {stageNameOf && sortHeader('stage', 'Stage')}
                {sortHeader('grade', 'Grade')}
                {sortHeader('graduationYear', 'Graduation year')}
                {scored && sortHeader('score', 'Score', 'right')}
                {columns.map((column) => (
                  <TableCell key={column.id} sx={cellSx} title={column.label}>
                    {column.label}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((item) => (
                <TableRow key={item.id} hover selected={selection?.selected.has(item.id) ?? false}>
                  {selection && (
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={selection.selected.has(item.id)}
                        onChange={(event) => toggle([item.id], event.target.checked)}
                        slotProps={{
                          input: {
                            'aria-label': `Select ${item.applicant.name ?? item.applicant.email ?? 'applicant'}`,
                          },
                        }}
                      />
                    </TableCell>
                  )}
                  <TableCell>
                    <Link
                      component="button"
                      type="button"
                      onClick={() => onOpenApplication(item.id)}
                      sx={{ textAlign: 'left' }}
                      aria-label={`Open the application of ${item.applicant.name ?? item.applicant.email ?? 'applicant'}`}
                    >
                      {item.applicant.name ?? item.applicant.email ?? 'Applicant'}
                    </Link>
                    {item.verifiedRecords.length > 0 && (
                      <Typography variant="caption" color="success.main" sx={{ display: 'block' }}>
                        {item.verifiedRecords.length} verified{' '}
                        {item.verifiedRecords.length === 1 ? 'record' : 'records'}
                      </Typography>
                    )}
                    {item.applicant.name && item.applicant.email && (
                      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                        {item.applicant.email}
                      </Typography>
                    )}
                    {renderApplicationNote?.(item.id)}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(item.submittedAt)}
                    {item.revision > 1 && (
                      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                        edited {formatDateTime(item.updatedAt)}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>{APPLICATION_STATUS_LABELS[item.status]}</TableCell>
                  {stageNameOf && (
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{stageNameOf(item.stageId) ?? ''}</TableCell>
                  )}
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {formatGrade(item.grade, item.gradeScale)}
                    {item.grade !== null && <FactSource verified={item.factsVerified} />}
                  </TableCell>
                  <TableCell>
                    {item.graduationYear ?? ''}
                    {item.graduationYear !== null && <FactSource verified={item.factsVerified} />}
                  </TableCell>
                  {scored && <TableCell align="right">{item.score ?? ''}</TableCell>}
                  {columns.map((column) => {
                    const field = fieldFor(column.id, item.formVersion, forms);
                    const text = !field
                      ? ''
                      : item.applicant.email === null && item.answers[column.id] === undefined && isContactField(field)
                        ? 'Hidden'
                        : formatAnswer(field, item.answers[column.id]);
                    const verified =
                      item.answers[column.id] !== undefined ? item.verifiedAnswers[column.id] : undefined;
                    return (
                      <TableCell key={column.id} sx={cellSx} title={text}>
                        {text}
                        {verified && <VerifiedBadge badge={verified} compact />}
                      </TableCell>
                    );
                  })}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {!body && applications.hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          <Button
            variant="outlined"
            loading={applications.isFetchingNextPage}
            onClick={() => applications.fetchNextPage()}
          >
            Load more applications
          </Button>
        </Box>
      )}
      <ApplicationDialog
        openingId={openingId}
        applicationId={applicationId}
        onClose={() => onOpenApplication(null)}
        {...(renderApplicationExtra ? { renderExtra: renderApplicationExtra } : {})}
      />
    </Stack>
  );
}
