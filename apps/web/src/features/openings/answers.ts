import {
  type Answers,
  type AnswerValue,
  type FormDefinition,
  type FormField,
  fieldsOf,
  formatBytes,
  type LeafField,
  OTHER_OPTION_ID,
} from '@placely/contract';

type Row = Record<string, unknown>;
const isRecord = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);

function optionLabel(field: LeafField, optionId: string, otherText: unknown): string {
  if (optionId === OTHER_OPTION_ID) return typeof otherText === 'string' && otherText ? `Other: ${otherText}` : 'Other';
  if ('options' in field) return field.options.find((option) => option.id === optionId)?.label ?? optionId;
  return optionId;
}

/** One leaf answer as text, the way the organization reads it (option labels, Yes/No, file names). */
export function formatLeafAnswer(field: LeafField, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  switch (field.type) {
    case 'yesNo':
      return value === true ? 'Yes' : value === false ? 'No' : String(value);
    case 'singleChoice':
    case 'dropdown':
      return isRecord(value) && typeof value.optionId === 'string'
        ? optionLabel(field, value.optionId, value.otherText)
        : String(value);
    case 'multipleChoice':
      return isRecord(value) && Array.isArray(value.optionIds)
        ? value.optionIds.map((id) => optionLabel(field, String(id), value.otherText)).join(', ')
        : String(value);
    case 'fileUpload':
      return isRecord(value) && typeof value.name === 'string'
        ? `${value.name}${typeof value.size === 'number' ? ` (${formatBytes(value.size)})` : ''}`
        : String(value);
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/** Any answer as one line of text (a repeatable group's rows numbered and joined). */
export function formatAnswer(field: FormField, value: AnswerValue | undefined): string {
  if (field.type !== 'repeatableGroup') return formatLeafAnswer(field, value);
  if (!Array.isArray(value) || value.length === 0) return '';
  return value
    .map((row, index) => {
      const parts = field.fields
        .map((sub) => {
          const text = formatLeafAnswer(sub, isRecord(row) ? row[sub.id] : undefined);
          return text ? `${sub.label}: ${text}` : '';
        })
        .filter(Boolean);
      return `${index + 1}. ${parts.join('; ')}`;
    })
    .join(' | ');
}

/** The files an answer refers to (a file field, or file fields in a group's rows). */
export function filesOf(field: FormField, value: AnswerValue | undefined): { fileId: string; name: string }[] {
  const fileOf = (v: unknown) =>
    isRecord(v) && typeof v.fileId === 'string' ? [{ fileId: v.fileId, name: String(v.name ?? 'file') }] : [];
  if (field.type === 'fileUpload') return fileOf(value);
  if (field.type !== 'repeatableGroup' || !Array.isArray(value)) return [];
  return value.flatMap((row) =>
    field.fields
      .filter((sub) => sub.type === 'fileUpload')
      .flatMap((sub) => fileOf(isRecord(row) ? row[sub.id] : null)),
  );
}

export interface ResponseColumn {
  id: string;
  label: string;
}

/**
 * The table's columns: every question of the newest form first, then questions only older versions asked, so
 * answers to a removed question still show.
 */
export function responseColumns(forms: readonly { version: number; definition: FormDefinition }[]): ResponseColumn[] {
  const byNewest = [...forms].sort((a, b) => b.version - a.version);
  const seen = new Set<string>();
  const columns: ResponseColumn[] = [];
  for (const form of byNewest) {
    for (const field of fieldsOf(form.definition)) {
      if (seen.has(field.id)) continue;
      seen.add(field.id);
      columns.push({ id: field.id, label: field.label });
    }
  }
  return columns;
}

/** The field with `id` as the form version an answer was given to defines it (or, failing that, any version). */
export function fieldFor(
  id: string,
  version: number,
  forms: readonly { version: number; definition: FormDefinition }[],
): FormField | undefined {
  const own = forms.find((form) => form.version === version);
  const inOwn = own ? fieldsOf(own.definition).find((field) => field.id === id) : undefined;
  if (inOwn) return inOwn;
  for (const form of [...forms].sort((a, b) => b.version - a.version)) {
    const found = fieldsOf(form.definition).find((field) => field.id === id);
    if (found) return found;
  }
  return undefined;
}

export interface AnswerChange {
  fieldId: string;
  label: string;
  before: string;
  after: string;
}

/** What changed between two revisions, question by question, as the organization reads the answers. */
export function changesBetween(
  previous: { formVersion: number; answers: Answers },
  next: { formVersion: number; answers: Answers },
  forms: readonly { version: number; definition: FormDefinition }[],
): AnswerChange[] {
  const ids = [...new Set([...Object.keys(previous.answers), ...Object.keys(next.answers)])];
  const changes: AnswerChange[] = [];
  for (const id of ids) {
    const beforeField = fieldFor(id, previous.formVersion, forms);
    const afterField = fieldFor(id, next.formVersion, forms);
    const before = beforeField ? formatAnswer(beforeField, previous.answers[id]) : '';
    const after = afterField ? formatAnswer(afterField, next.answers[id]) : '';
    if (before !== after) changes.push({ fieldId: id, label: (afterField ?? beforeField)?.label ?? id, before, after });
  }
  // In the order the newer form asks its questions.
  const order = new Map(
    (forms.find((form) => form.version === next.formVersion)?.definition.sections ?? [])
      .flatMap((section) => section.fields)
      .map((field, index) => [field.id, index]),
  );
  return changes.sort((a, b) => (order.get(a.fieldId) ?? 1e9) - (order.get(b.fieldId) ?? 1e9));
}
