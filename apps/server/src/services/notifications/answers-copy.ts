import { type Answers, type FormDefinition, fieldsOf } from '@placely/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { leafCell } from '../applications/export';

/** An answer cell as mail text (files by name, choices by label; a link cell by its text). */
function text(cell: ReturnType<typeof leafCell>): string | null {
  if (cell === null || cell === undefined) return null;
  if (typeof cell === 'object') return cell.text;
  return String(cell);
}

/**
 * The copy of the answers in the "application received" mail, read at delivery time from the application itself
 * (the outbox row holds no answers), labelled by the form version the person answered. Only the recipient's own
 * application: the caller passes the notification's recipient, and the query is scoped to them.
 */
export async function answersCopy(
  db: Executor,
  applicationId: string,
  applicantId: number,
): Promise<Array<{ label: string; value: string }>> {
  const result = await db.execute<{ answers: Answers; definition: FormDefinition | null }>(sql`
    select a.answers, v.definition from applications a
    left join opening_form_versions v on v.opening_id = a.opening_id and v.version = a.form_version
    where a.id = ${applicationId}::uuid and a.applicant_id = ${applicantId}`);
  const [row] = (result as unknown as { rows: { answers: Answers; definition: FormDefinition | null }[] }).rows;
  if (!row?.definition) return [];
  const copy: Array<{ label: string; value: string }> = [];
  for (const field of fieldsOf(row.definition)) {
    const value = row.answers[field.id];
    if (field.type === 'repeatableGroup') {
      const rows = Array.isArray(value) ? value : [];
      rows.forEach((entry, index) => {
        for (const sub of field.fields) {
          const shown = text(leafCell(sub, entry[sub.id]));
          if (shown) copy.push({ label: `${field.label} ${index + 1}: ${sub.label}`, value: shown });
        }
      });
      continue;
    }
    const shown = text(leafCell(field, value as Exclude<typeof value, unknown[]>));
    if (shown) copy.push({ label: field.label, value: shown });
  }
  return copy;
}
