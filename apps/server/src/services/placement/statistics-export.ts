import { Readable } from 'node:stream';
import {
  type CycleStatistics,
  type ExportFormat,
  NIRF_COLUMNS,
  type StatisticsExport,
  type StudentFigures,
  type UnplacedStudent,
} from '@placely/contract';
import type { Executor } from '../../db/client';
import { csvField } from '../applications/export';
import { type XlsxCell, xlsxStream } from '../applications/xlsx-writer';
import { academicYearOf, type NirfRow, nirfRows, unplacedBatches } from './statistics';

/**
 * Every figure of the dashboard as a spreadsheet (CSV or XLSX), one sheet per figure, written by the same streaming
 * writers as the applications export (`xlsx-writer.ts`, `csvField`: UTF-8 with BOM, CRLF, formula-looking text
 * defused). The aggregates are small and come from the dashboard's own statements; the unplaced list streams in
 * pages; the NIRF sheet follows the columns of NIRF's "placement and higher studies" table per programme.
 */
interface Column<Row> {
  header: string;
  cell: (row: Row) => XlsxCell;
}

interface Table<Row> {
  sheet: string;
  columns: Column<Row>[];
  rows: () => AsyncIterable<readonly Row[]>;
}

async function* once<Row>(rows: readonly Row[]): AsyncGenerator<readonly Row[]> {
  if (rows.length > 0) yield rows;
}

const blank = (value: string | null) => value ?? '—';

const figureColumns = <Row extends StudentFigures>(): Column<Row>[] => [
  { header: 'Enrolled', cell: (row) => row.enrolled },
  { header: 'Eligible', cell: (row) => row.eligible },
  { header: 'Applied', cell: (row) => row.applied },
  { header: 'Placed', cell: (row) => row.placed },
  { header: 'Unplaced', cell: (row) => row.unplaced },
  { header: 'Opted out', cell: (row) => row.optedOut },
  { header: 'Debarred', cell: (row) => row.debarred },
  {
    header: 'Placed % of eligible',
    cell: (row) => (row.eligible === 0 ? null : Math.round((row.placed / row.eligible) * 1000) / 10),
  },
];

type StudentLine = StudentFigures & { degree: string; branch: string };

function studentsTable(stats: CycleStatistics): Table<StudentLine> {
  const lines: StudentLine[] = [];
  for (const degree of stats.students.byDegree) {
    for (const branch of stats.students.byBranch.filter((row) => row.degree === degree.degree)) {
      lines.push({ ...branch, degree: blank(branch.degree), branch: blank(branch.branch) });
    }
    lines.push({ ...degree, degree: blank(degree.degree), branch: 'All branches' });
  }
  lines.push({ ...stats.students.total, degree: 'All programmes', branch: 'All branches' });
  return {
    sheet: 'Students',
    columns: [
      { header: 'Programme', cell: (row) => row.degree },
      { header: 'Branch', cell: (row) => row.branch },
      ...figureColumns<StudentLine>(),
    ],
    rows: () => once(lines),
  };
}

function tiersTable(stats: CycleStatistics): Table<CycleStatistics['tiers'][number]> {
  return {
    sheet: 'Offers by tier',
    columns: [
      { header: 'Tier', cell: (row) => row.tier },
      { header: 'From CTC per year', cell: (row) => row.minCtc },
      { header: 'Currency', cell: (row) => row.currency },
      { header: 'Offers', cell: (row) => row.offers },
      { header: 'Accepted', cell: (row) => row.accepted },
      { header: 'Students with an offer', cell: (row) => row.students },
    ],
    rows: () => once(stats.tiers),
  };
}

type CtcLine = CycleStatistics['ctc']['overall'][number] & { degree: string; branch: string };

function ctcTable(stats: CycleStatistics): Table<CtcLine> {
  const lines: CtcLine[] = [
    ...stats.ctc.overall.map((row) => ({ ...row, degree: 'All programmes', branch: 'All branches' })),
    ...stats.ctc.byBranch.map((row) => ({ ...row, degree: blank(row.degree), branch: blank(row.branch) })),
  ];
  return {
    sheet: 'CTC',
    columns: [
      { header: 'Programme', cell: (row) => row.degree },
      { header: 'Branch', cell: (row) => row.branch },
      { header: 'Currency', cell: (row) => row.currency },
      { header: 'Accepted offers', cell: (row) => row.offers },
      { header: 'Highest CTC per year', cell: (row) => row.highest },
      { header: 'Median CTC per year', cell: (row) => row.median },
      { header: 'Mean CTC per year', cell: (row) => row.mean },
    ],
    rows: () => once(lines),
  };
}

type CompanyLine = CycleStatistics['offersPerCompany'][number];

function companiesTable(stats: CycleStatistics): Table<CompanyLine> {
  const { companies } = stats;
  const total: CompanyLine = {
    organizationId: 0,
    name: `All companies (registered ${companies.registered}, approved ${companies.approved}, visited ${companies.visited})`,
    status: '',
    approvedOpenings: stats.offersPerCompany.reduce((sum, row) => sum + row.approvedOpenings, 0),
    applications: stats.offersPerCompany.reduce((sum, row) => sum + row.applications, 0),
    offers: stats.offersPerCompany.reduce((sum, row) => sum + row.offers, 0),
    accepted: stats.offersPerCompany.reduce((sum, row) => sum + row.accepted, 0),
  };
  return {
    sheet: 'Companies',
    columns: [
      { header: 'Company', cell: (row) => row.name },
      { header: 'Registration', cell: (row) => row.status },
      { header: 'Approved openings', cell: (row) => row.approvedOpenings },
      { header: 'Applications', cell: (row) => row.applications },
      { header: 'Offers', cell: (row) => row.offers },
      { header: 'Accepted', cell: (row) => row.accepted },
    ],
    rows: () => once([...stats.offersPerCompany, total]),
  };
}

function unplacedTable(db: Executor, cycleId: string): Table<UnplacedStudent> {
  return {
    sheet: 'Unplaced students',
    columns: [
      { header: 'Name', cell: (row) => row.name },
      { header: 'Email', cell: (row) => row.email },
      { header: 'Roll number', cell: (row) => row.rollNumber },
      { header: 'Programme', cell: (row) => row.degree },
      { header: 'Branch', cell: (row) => row.branch },
      { header: 'CGPA', cell: (row) => row.cgpa },
      { header: 'Backlogs', cell: (row) => row.backlogs },
      { header: 'Applications', cell: (row) => row.applications },
      { header: 'In flight', cell: (row) => row.inFlight },
    ],
    rows: () => unplacedBatches(db, cycleId),
  };
}

function nirfTable(rows: NirfRow[]): Table<NirfRow> {
  const cells: Array<(row: NirfRow) => XlsxCell> = [
    (row) => blank(row.degree),
    (row) => academicYearOf(row.graduation_year),
    (row) => row.graduating,
    (row) => row.placed,
    (row) => row.median,
    (row) => row.higher_studies,
  ];
  return {
    sheet: 'NIRF placement',
    columns: NIRF_COLUMNS.map((header, index) => ({ header, cell: cells[index] as (row: NirfRow) => XlsxCell })),
    rows: () => once(rows),
  };
}

export async function statisticsTable(
  db: Executor,
  figure: StatisticsExport,
  stats: CycleStatistics,
  // biome-ignore lint/suspicious/noExplicitAny: each figure's table has its own row type; the writers only call cells.
): Promise<Table<any>> {
  switch (figure) {
    case 'students':
      return studentsTable(stats);
    case 'tiers':
      return tiersTable(stats);
    case 'ctc':
      return ctcTable(stats);
    case 'companies':
      return companiesTable(stats);
    case 'unplaced':
      return unplacedTable(db, stats.cycle.id);
    case 'nirf':
      return nirfTable(await nirfRows(db, stats.cycle.id));
  }
}

const widthOf = (header: string) => Math.min(45, Math.max(12, header.length + 2));

export function tableStream<Row>(table: Table<Row>, format: ExportFormat): Readable {
  if (format === 'xlsx') {
    return xlsxStream<Row>({
      name: table.sheet,
      columns: table.columns.map((column) => ({
        header: column.header,
        width: widthOf(column.header),
        cell: column.cell,
        link: false,
      })),
      rows: table.rows(),
    });
  }
  async function* lines() {
    yield `\uFEFF${table.columns.map((column) => csvField(column.header)).join(',')}\r\n`;
    for await (const batch of table.rows()) {
      let text = '';
      for (const row of batch) text += `${table.columns.map((column) => csvField(column.cell(row))).join(',')}\r\n`;
      yield text;
    }
  }
  return Readable.from(lines());
}
