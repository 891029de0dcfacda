import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  type CycleStatistics,
  EXPORT_FORMATS,
  type ExportFormat,
  STATISTICS_DEFINITIONS,
  type StatisticsExport,
} from '@placely/contract';
import { type ReactNode, useState } from 'react';
import { Section } from '../../../lib/components/Section';
import { formatDateTime } from '../../../lib/dates';
import { showError } from '../../../lib/snackbar';
import { downloadStatistics } from '../api/downloadStatistics';
import { useStatistics } from '../api/getStatistics';
import { useUnplaced } from '../api/getUnplaced';
import { BarChart } from './BarChart';

const money = (currency: string) => (value: number) => {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency, maximumFractionDigits: 0 }).format(value);
  } catch {
    return `${currency} ${Math.round(value)}`;
  }
};

/** A table whose first column names the row (a header cell), wrapped to scroll sideways on a phone. */
function FigureTable({ label, head, rows }: { label: string; head: string[]; rows: ReactNode[][] }) {
  return (
    <Box sx={{ overflowX: 'auto', mb: 2 }} tabIndex={0} role="region" aria-label={`${label}, table`}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {head.map((cell, index) => (
              <TableCell key={cell} align={index === 0 ? 'left' : 'right'}>
                {cell}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, rowIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the rows are the server's, in its order, and never move.
            <TableRow key={rowIndex}>
              {row.map((cell, index) =>
                index === 0 ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells of a fixed row
                  <TableCell key={index} component="th" scope="row">
                    {cell}
                  </TableCell>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells of a fixed row
                  <TableCell key={index} align="right">
                    {cell}
                  </TableCell>
                ),
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function ExportButtons({ cycleId, figure, label }: { cycleId: string; figure: StatisticsExport; label: string }) {
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const download = async (format: ExportFormat) => {
    setBusy(format);
    try {
      await downloadStatistics(cycleId, figure, format);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ mb: 2, '@media print': { display: 'none' } }}>
      {EXPORT_FORMATS.map((format) => (
        <Button key={format} size="small" variant="outlined" disabled={busy !== null} onClick={() => download(format)}>
          {busy === format ? 'Preparing…' : `${label} (${format.toUpperCase()})`}
        </Button>
      ))}
    </Stack>
  );
}

function Headline({ statistics }: { statistics: CycleStatistics }) {
  const total = statistics.students.total;
  const figures: [string, number, string][] = [
    ['Enrolled', total.enrolled, STATISTICS_DEFINITIONS.enrolled],
    ['Eligible', total.eligible, STATISTICS_DEFINITIONS.eligible],
    ['Applied', total.applied, STATISTICS_DEFINITIONS.applied],
    ['Placed', total.placed, STATISTICS_DEFINITIONS.placed],
    ['Unplaced', total.unplaced, STATISTICS_DEFINITIONS.unplaced],
  ];
  return (
    <Stack component="dl" direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap', m: 0, mb: 2 }}>
      {figures.map(([label, value, definition]) => (
        <Box
          key={label}
          sx={{ minWidth: 110, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}
          title={definition}
        >
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontSize: '1.75rem', fontWeight: 700 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}

/**
 * The cycle's dashboard for its cell: who is placed, by branch and degree; offers by tier; CTC; companies; the
 * unplaced students with applications in flight. Every figure is the server's (SQL over the cycle), has its table
 * and its definition, and downloads as CSV or XLSX — the NIRF table too.
 */
export function StatisticsDashboard({ cycleId }: { cycleId: string }) {
  const statistics = useStatistics(cycleId);
  if (statistics.isPending) return <CircularProgress aria-label="Computing the figures" />;
  if (statistics.isError) return <Alert severity="error">The figures could not be computed. Try again.</Alert>;
  const data = statistics.data;
  const branchLabel = (row: { degree: string | null; branch: string | null }) =>
    [row.degree, row.branch].filter(Boolean).join(' · ') || 'No branch';
  return (
    <>
      <Section
        title="Students"
        description={`Computed ${formatDateTime(data.computedAt)}. Hover a figure for its definition.`}
      >
        <Headline statistics={data} />
        <BarChart
          title="Placed of eligible, by branch"
          partLabel="placed"
          bars={data.students.byBranch.map((row) => ({
            label: branchLabel(row),
            value: row.eligible,
            part: row.placed,
          }))}
        />
        <FigureTable
          label="Students by branch"
          head={['Branch', 'Enrolled', 'Eligible', 'Applied', 'Placed', 'Unplaced', 'Opted out', 'Debarred']}
          rows={data.students.byBranch.map((row) => [
            branchLabel(row),
            row.enrolled,
            row.eligible,
            row.applied,
            row.placed,
            row.unplaced,
            row.optedOut,
            row.debarred,
          ])}
        />
        <FigureTable
          label="Students by programme"
          head={['Programme', 'Enrolled', 'Eligible', 'Applied', 'Placed', 'Unplaced']}
          rows={data.students.byDegree.map((row) => [
            row.degree ?? 'No programme',
            row.enrolled,
            row.eligible,
            row.applied,
            row.placed,
            row.unplaced,
          ])}
        />
        <ExportButtons cycleId={cycleId} figure="students" label="Students" />
        <ExportButtons cycleId={cycleId} figure="nirf" label="NIRF table" />
      </Section>
      <Section title="Offers and CTC" description={STATISTICS_DEFINITIONS.tiers}>
        <BarChart
          title="Offers by tier"
          partLabel="accepted"
          bars={data.tiers.map((tier) => ({ label: tier.tier, value: tier.offers, part: tier.accepted }))}
        />
        <FigureTable
          label="Offers by tier"
          head={['Tier', 'Offers', 'Accepted', 'Students']}
          rows={data.tiers.map((tier) => [tier.tier, tier.offers, tier.accepted, tier.students])}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {STATISTICS_DEFINITIONS.ctc}
        </Typography>
        <FigureTable
          label="CTC of accepted offers"
          head={['Currency', 'Accepted offers', 'Highest', 'Median', 'Mean']}
          rows={data.ctc.overall.map((row) => [
            row.currency,
            row.offers,
            money(row.currency)(row.highest),
            money(row.currency)(row.median),
            money(row.currency)(row.mean),
          ])}
        />
        <FigureTable
          label="CTC by branch"
          head={['Branch', 'Currency', 'Accepted offers', 'Highest', 'Median', 'Mean']}
          rows={data.ctc.byBranch.map((row) => [
            branchLabel(row),
            row.currency,
            row.offers,
            money(row.currency)(row.highest),
            money(row.currency)(row.median),
            money(row.currency)(row.mean),
          ])}
        />
        <ExportButtons cycleId={cycleId} figure="tiers" label="Tiers" />
        <ExportButtons cycleId={cycleId} figure="ctc" label="CTC" />
      </Section>
      <Section title="Companies" description={STATISTICS_DEFINITIONS.visited}>
        <Typography sx={{ mb: 2 }}>
          {data.companies.registered} registered · {data.companies.approved} approved · {data.companies.visited} visited
          · {data.companies.requested} waiting · {data.companies.rejected} rejected
        </Typography>
        <BarChart
          title="Offers per company"
          partLabel="accepted"
          bars={data.offersPerCompany.map((row) => ({ label: row.name, value: row.offers, part: row.accepted }))}
        />
        <FigureTable
          label="Offers per company"
          head={['Company', 'Approved openings', 'Applications', 'Offers', 'Accepted']}
          rows={data.offersPerCompany.map((row) => [
            row.name,
            row.approvedOpenings,
            row.applications,
            row.offers,
            row.accepted,
          ])}
        />
        <ExportButtons cycleId={cycleId} figure="companies" label="Companies" />
      </Section>
      <UnplacedStudents cycleId={cycleId} />
    </>
  );
}

function UnplacedStudents({ cycleId }: { cycleId: string }) {
  const pages = useUnplaced(cycleId);
  const rows = pages.data?.pages.flatMap((page) => page.items) ?? [];
  const total = pages.data?.pages[0]?.total ?? 0;
  return (
    <Section title="Unplaced students" description={`Where the cell can help. ${STATISTICS_DEFINITIONS.inFlight}`}>
      {pages.isError && <Alert severity="error">The list could not be loaded.</Alert>}
      {pages.isSuccess && rows.length === 0 && (
        <Typography color="text.secondary">Everyone eligible is placed.</Typography>
      )}
      {rows.length > 0 && (
        <FigureTable
          label={`Unplaced students (${total})`}
          head={['Student', 'Branch', 'CGPA', 'Applications', 'In flight']}
          rows={rows.map((row) => [
            `${row.name ?? row.email}${row.rollNumber ? ` (${row.rollNumber})` : ''}`,
            row.branch ?? '—',
            row.cgpa ?? '—',
            row.applications,
            row.inFlight,
          ])}
        />
      )}
      {pages.hasNextPage && (
        <Button onClick={() => pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
          Show more
        </Button>
      )}
      <ExportButtons cycleId={cycleId} figure="unplaced" label="Unplaced" />
    </Section>
  );
}
