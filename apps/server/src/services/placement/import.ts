import {
  backlogsSchema,
  cgpaSchema,
  type EnrolmentImportResult,
  emailSchema,
  graduationYearSchema,
  IMPORT_COLUMNS,
  type ImportColumn,
  isUnsafeText,
  PLACEMENT_LIMITS,
  type z,
} from '@placely/contract';
import ExcelJS from 'exceljs';
import { errors } from '../../errors';
import type { BranchRow } from './branches';
import { branchMatcher } from './branches';

/**
 * The cell's batch upload (CSV or XLSX): parsed, every row checked field by field, bad rows reported line by line
 * (line 1 is the header) with the field's column name. Only a batch without bad rows is written (services/placement/
 * enrolment.ts importEnrolments).
 */

/** Header spellings accepted for each column (compared lowercased with spaces, dots, dashes and underscores removed). */
const HEADER_ALIASES: Record<ImportColumn, string[]> = {
  email: ['email', 'emailaddress', 'emailid', 'mail'],
  rollNumber: ['rollnumber', 'rollno', 'roll', 'enrolmentnumber', 'enrollmentnumber', 'registrationnumber', 'regno'],
  degree: ['programme', 'program', 'degree', 'course'],
  branch: ['branch', 'department', 'discipline', 'specialisation', 'specialization', 'stream'],
  cgpa: ['cgpa', 'gpa', 'grade'],
  backlogs: ['backlogs', 'activebacklogs', 'currentbacklogs', 'backlog'],
  graduationYear: ['graduationyear', 'passingyear', 'yearofgraduation', 'batch', 'passoutyear', 'gradyear'],
};
const headerKey = (text: string) => text.toLowerCase().replace(/[\s._\-()]+/g, '');

export const COLUMN_LABELS: Record<ImportColumn, string> = {
  email: 'email',
  rollNumber: 'roll number',
  degree: 'programme',
  branch: 'branch',
  cgpa: 'CGPA',
  backlogs: 'backlogs',
  graduationYear: 'graduation year',
};

export interface ImportRow {
  line: number;
  email: string;
  rollNumber: string | null;
  degree: string | null;
  branchId: string | null;
  branchText: string | null;
  cgpa: number | null;
  backlogs: number | null;
  graduationYear: number | null;
}

/** RFC 4180 CSV: quoted fields with doubled quotes, CRLF or LF line ends; a BOM is dropped. Lines are 1-based. */
export function parseCsv(text: string): Array<{ line: number; cells: string[] }> {
  const rows: Array<{ line: number; cells: string[] }> = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (quoted) {
      if (char === '"') {
        if (source[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (char === '\n') line++;
        cell += char;
      }
      continue;
    }
    if (char === '"' && cell === '') quoted = true;
    else if (char === ',') {
      cells.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i++;
      cells.push(cell);
      rows.push({ line: rowLine, cells });
      cells = [];
      cell = '';
      line++;
      rowLine = line;
    } else cell += char;
  }
  if (cell !== '' || cells.length > 0) {
    cells.push(cell);
    rows.push({ line: rowLine, cells });
  }
  return rows.filter((row) => row.cells.some((value) => value.trim() !== ''));
}

/** The first worksheet of an XLSX as rows of text cells (line = the sheet's row number). */
export async function parseXlsx(base64: string): Promise<Array<{ line: number; cells: string[] }>> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(base64, 'base64') as unknown as ArrayBuffer);
  } catch {
    throw errors.validation([{ field: 'content', message: 'This is not an XLSX file that can be read' }]);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: Array<{ line: number; cells: string[] }> = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cellText(cell.value);
    });
    rows.push({ line: rowNumber, cells: Array.from(cells, (value) => value ?? '') });
  });
  return rows.filter((row) => row.cells.some((value) => value.trim() !== ''));
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('richText' in value && Array.isArray(value.richText)) return value.richText.map((part) => part.text).join('');
    if ('result' in value && value.result !== undefined && value.result !== null) return String(value.result);
    if ('hyperlink' in value && typeof value.hyperlink === 'string') return value.hyperlink.replace(/^mailto:/, '');
  }
  return '';
}

type Problem = { line: number; field: string; message: string };

/**
 * Checks every row against the contract's field schemas and maps branches through the institution's list. An
 * unknown branch is a bad row (the cell adds the alias first), so every imported row is a verified value.
 */
export function checkImportRows(
  parsed: Array<{ line: number; cells: string[] }>,
  branches: BranchRow[],
): { rows: ImportRow[]; problems: Problem[] } {
  const problems: Problem[] = [];
  const [header, ...data] = parsed;
  if (!header) {
    return { rows: [], problems: [{ line: 1, field: 'header', message: 'The file has no header row' }] };
  }
  const columnOf = new Map<ImportColumn, number>();
  header.cells.forEach((text, index) => {
    const key = headerKey(text);
    const column = IMPORT_COLUMNS.find((name) => HEADER_ALIASES[name].includes(key));
    if (column && !columnOf.has(column)) columnOf.set(column, index);
  });
  if (!columnOf.has('email')) {
    return { rows: [], problems: [{ line: header.line, field: 'email', message: 'The header has no email column' }] };
  }
  if (data.length > PLACEMENT_LIMITS.maxImportRows) {
    return {
      rows: [],
      problems: [
        { line: header.line, field: 'rows', message: `At most ${PLACEMENT_LIMITS.maxImportRows} students per upload` },
      ],
    };
  }
  const match = branchMatcher(branches);
  const seen = new Map<string, number>();
  const rows: ImportRow[] = [];
  for (const { line, cells } of data) {
    const get = (column: ImportColumn) => {
      const index = columnOf.get(column);
      return index === undefined ? '' : (cells[index] ?? '').trim();
    };
    const bad = (column: ImportColumn, message: string) =>
      problems.push({ line, field: COLUMN_LABELS[column], message });
    const unsafe = IMPORT_COLUMNS.find((column) => isUnsafeText(get(column)));
    if (unsafe) {
      bad(unsafe, 'Contains characters that cannot be stored');
      continue;
    }
    const before = problems.length;
    const email = emailSchema.safeParse(get('email'));
    if (!email.success) bad('email', get('email') ? 'Not a valid email address' : 'Required');
    else if (seen.has(email.data)) bad('email', `Same email as line ${seen.get(email.data)}`);
    else seen.set(email.data, line);
    const rollNumber = get('rollNumber');
    if (rollNumber.length > PLACEMENT_LIMITS.rollNumberLength) {
      bad('rollNumber', `At most ${PLACEMENT_LIMITS.rollNumberLength} characters`);
    }
    const degree = get('degree');
    if (degree.length > PLACEMENT_LIMITS.degreeLength) {
      bad('degree', `At most ${PLACEMENT_LIMITS.degreeLength} characters`);
    }
    const branchText = get('branch');
    const branch = branchText ? match(branchText, degree || null) : null;
    if (branchText && !branch) {
      bad('branch', `"${branchText.slice(0, 60)}" is not in the institution's branch list (add it or an alias first)`);
    }
    const number = (column: ImportColumn, schema: z.ZodType<number>): number | null => {
      const text = get(column);
      if (!text) return null;
      const numeric = /^-?[0-9]+([.,][0-9]+)?$/.test(text) ? Number(text.replace(',', '.')) : text;
      const checked = schema.safeParse(numeric);
      if (!checked.success) {
        bad(
          column,
          typeof numeric === 'string' ? 'Must be a number' : (checked.error.issues[0]?.message ?? 'Not valid'),
        );
        return null;
      }
      return checked.data;
    };
    const cgpa = number('cgpa', cgpaSchema);
    const backlogs = number('backlogs', backlogsSchema);
    const graduationYear = number('graduationYear', graduationYearSchema);
    if (problems.length > before || !email.success) continue;
    rows.push({
      line,
      email: email.data,
      rollNumber: rollNumber || null,
      degree: degree || branch?.degree || null,
      branchId: branch?.id ?? null,
      branchText: null,
      cgpa,
      backlogs,
      graduationYear,
    });
  }
  return { rows, problems };
}

/** The result of a batch with bad rows: nothing written, the first problems listed, the rest counted. */
export function rejectedImport(total: number, problems: Problem[]): EnrolmentImportResult {
  return {
    rows: total,
    added: 0,
    updated: 0,
    errors: problems.slice(0, PLACEMENT_LIMITS.maxReportedErrors),
    moreErrors: Math.max(0, problems.length - PLACEMENT_LIMITS.maxReportedErrors),
  };
}
