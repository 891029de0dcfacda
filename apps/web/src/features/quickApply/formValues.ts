import {
  type Answers,
  type AnswerValue,
  type ChoiceOption,
  type FileAnswer,
  type FormDefinition,
  type FormField,
  fieldsOf,
  type LeafField,
  OTHER_OPTION_ID,
  type RepeatableGroupField,
  visibilityOf,
} from '@placely/contract';
import { formatCalendarDate } from '../../lib/dates';

/**
 * The values react-hook-form holds for a Quick Apply form: field id → value, in the answers' own shapes so the
 * contract's `answersSchemaFor(definition)` validates them directly. The only looser parts are what a person is in
 * the middle of typing: text fields hold '' when empty and a number field may hold the raw text of a number that is
 * not finished yet (the schema then says "Enter a number").
 */
export type FormValues = Record<string, unknown>;
export type RowValues = Record<string, unknown>;

export interface ChoiceValue {
  optionId: string;
  otherText?: string;
}
export interface MultipleChoiceValue {
  optionIds: string[];
  otherText: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function isFileAnswer(value: unknown): value is FileAnswer {
  return (
    isRecord(value) &&
    typeof value.fileId === 'string' &&
    typeof value.name === 'string' &&
    typeof value.size === 'number' &&
    typeof value.contentType === 'string'
  );
}

/** The value a field starts with when nothing is known for it. */
export function emptyLeafValue(field: LeafField): unknown {
  switch (field.type) {
    case 'shortText':
    case 'paragraph':
    case 'email':
    case 'phone':
    case 'url':
    case 'date':
      return '';
    case 'multipleChoice':
      return { optionIds: [], otherText: '' } satisfies MultipleChoiceValue;
    default:
      return null;
  }
}

export function emptyRow(group: RepeatableGroupField): RowValues {
  return Object.fromEntries(group.fields.map((sub) => [sub.id, emptyLeafValue(sub)]));
}

/** Rows a group opens with: as many as it requires, so the first row is there to fill in. */
export function initialRowCount(group: RepeatableGroupField): number {
  return Math.max(group.minRows ?? 0, group.required ? 1 : 0);
}

function matchOption(options: ChoiceOption[], value: string): string | null {
  const wanted = value.trim().toLowerCase();
  const found = options.find((o) => o.id === value) ?? options.find((o) => o.label.trim().toLowerCase() === wanted);
  return found?.id ?? null;
}

function toText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value.join(', ');
  return '';
}

/**
 * Fits a stored value (an earlier answer, a draft, or the server's prefill from auto-fill data) to a field: a value
 * of the right shape is kept, an obviously convertible one converted (a grade number into a text field, a skills
 * list into a paragraph, an option label into its option), anything else starts empty.
 */
export function coerceLeafValue(field: LeafField, value: unknown): unknown {
  if (value === null || value === undefined) return emptyLeafValue(field);
  switch (field.type) {
    case 'shortText':
    case 'paragraph':
    case 'email':
    case 'phone':
    case 'url':
      return toText(value);
    case 'date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : '';
    case 'number':
      if (typeof value === 'number' && Number.isFinite(value)) return value;
      if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
      // Unfinished input kept in a draft stays as typed, so the person sees it again.
      return typeof value === 'string' && value !== '' ? value : null;
    case 'singleChoice':
    case 'dropdown': {
      const allowOther = field.type === 'singleChoice' && field.allowOther === true;
      if (isRecord(value) && typeof value.optionId === 'string') {
        if (value.optionId === OTHER_OPTION_ID && allowOther) {
          return { optionId: OTHER_OPTION_ID, otherText: typeof value.otherText === 'string' ? value.otherText : '' };
        }
        const id = matchOption(field.options, value.optionId);
        return id ? { optionId: id } : null;
      }
      if (typeof value === 'string' || typeof value === 'number') {
        const id = matchOption(field.options, String(value));
        if (id) return { optionId: id };
        if (allowOther && String(value).trim() !== '') return { optionId: OTHER_OPTION_ID, otherText: String(value) };
      }
      return null;
    }
    case 'multipleChoice': {
      const allowOther = field.allowOther === true;
      const pick = (ids: unknown[], otherText: string): MultipleChoiceValue => {
        const chosen: string[] = [];
        const unmatched: string[] = [];
        for (const raw of ids) {
          if (typeof raw !== 'string') continue;
          const id = raw === OTHER_OPTION_ID && allowOther ? OTHER_OPTION_ID : matchOption(field.options, raw);
          if (id && !chosen.includes(id)) chosen.push(id);
          else if (!id && raw.trim() !== '') unmatched.push(raw.trim());
        }
        let other = otherText;
        // Values from a profile list (e.g. skills) that are not options become the "Other" text when allowed.
        if (allowOther && unmatched.length > 0 && other === '') {
          other = unmatched.join(', ');
          if (!chosen.includes(OTHER_OPTION_ID)) chosen.push(OTHER_OPTION_ID);
        }
        return { optionIds: chosen, otherText: other };
      };
      if (isRecord(value) && Array.isArray(value.optionIds)) {
        return pick(value.optionIds, typeof value.otherText === 'string' ? value.otherText : '');
      }
      if (Array.isArray(value)) return pick(value, '');
      if (typeof value === 'string') return pick(value.split(','), '');
      return emptyLeafValue(field);
    }
    case 'yesNo':
      if (typeof value === 'boolean') return value;
      if (value === 'yes' || value === 'true') return true;
      if (value === 'no' || value === 'false') return false;
      return null;
    case 'linearScale': {
      const number = typeof value === 'string' ? Number(value) : value;
      return typeof number === 'number' &&
        Number.isInteger(number) &&
        number >= field.scaleMin &&
        number <= field.scaleMax
        ? number
        : null;
    }
    case 'fileUpload':
      return isFileAnswer(value)
        ? { fileId: value.fileId, name: value.name, size: value.size, contentType: value.contentType }
        : null;
  }
}

export function coerceFieldValue(field: FormField, value: unknown): unknown {
  if (field.type !== 'repeatableGroup') return coerceLeafValue(field, value);
  const rows = Array.isArray(value)
    ? value
        .filter(isRecord)
        .slice(0, field.maxRows ?? Number.POSITIVE_INFINITY)
        .map((row) => Object.fromEntries(field.fields.map((sub) => [sub.id, coerceLeafValue(sub, row[sub.id])])))
    : [];
  while (rows.length < initialRowCount(field)) rows.push(emptyRow(field));
  return rows;
}

/** Form values for `definition` from stored answers (or none): every field present, each in its field's shape. */
export function toFormValues(
  definition: FormDefinition,
  answers?: Answers | Record<string, unknown> | null,
): FormValues {
  return Object.fromEntries(
    fieldsOf(definition).map((field) => [field.id, coerceFieldValue(field, answers?.[field.id])]),
  );
}

function toStoredLeaf(value: unknown): AnswerValue {
  if (value === undefined) return null;
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  return value as AnswerValue;
}

/**
 * What a draft keeps of the current values: only the definition's fields, with nothing undefined. Drafts are
 * stored as typed (unfinished numbers included) and fitted back to the form with `toFormValues`.
 */
export function toDraftAnswers(definition: FormDefinition, values: FormValues): Answers {
  const answers: Answers = {};
  for (const field of fieldsOf(definition)) {
    const value = values[field.id];
    if (field.type === 'repeatableGroup') {
      answers[field.id] = Array.isArray(value)
        ? value
            .filter(isRecord)
            .map(
              (row) =>
                Object.fromEntries(field.fields.map((sub) => [sub.id, toStoredLeaf(row[sub.id])])) as Record<
                  string,
                  Exclude<AnswerValue, unknown[]>
                >,
            )
        : [];
    } else {
      answers[field.id] = toStoredLeaf(value);
    }
  }
  return answers;
}

function finalizeLeaf(field: LeafField, value: unknown): unknown {
  if (!isRecord(value)) return value;
  if ((field.type === 'singleChoice' || field.type === 'dropdown') && typeof value.optionId === 'string') {
    return value.optionId === OTHER_OPTION_ID
      ? { optionId: value.optionId, otherText: value.otherText }
      : { optionId: value.optionId };
  }
  if (field.type === 'multipleChoice' && Array.isArray(value.optionIds)) {
    const ids = value.optionIds as string[];
    return ids.includes(OTHER_OPTION_ID) ? { optionIds: ids, otherText: value.otherText } : { optionIds: ids };
  }
  return value;
}

/**
 * The validated values as sent to the server, without hidden questions: an "Other" text is only sent when "Other" is chosen (a person may
 * type one, then pick a listed option).
 */
export function finalizeAnswers(definition: FormDefinition, parsed: Record<string, unknown>): Answers {
  const answers: Record<string, unknown> = {};
  const { hiddenFields } = visibilityOf(definition, parsed);
  for (const field of fieldsOf(definition)) {
    // A question the answers hide is not sent (the server would drop it).
    if (hiddenFields.has(field.id)) continue;
    const value = parsed[field.id];
    if (field.type === 'repeatableGroup') {
      answers[field.id] = Array.isArray(value)
        ? value.map((row: Record<string, unknown>) =>
            Object.fromEntries(field.fields.map((sub) => [sub.id, finalizeLeaf(sub, row[sub.id]) ?? null])),
          )
        : [];
    } else {
      answers[field.id] = finalizeLeaf(field, value) ?? null;
    }
  }
  return answers as Answers;
}

export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (isRecord(value) && Array.isArray(value.optionIds)) return value.optionIds.length === 0;
  return false;
}

/** Two form values hold the same answer (shapes as `coerceLeafValue` gives them). */
export const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Fields that hold what the server prefilled from the person's auto-fill data (and still hold it): these are
 * marked "From your profile" so the person knows where the value came from and that they may change it.
 */
export function autoFilledFieldIds(
  definition: FormDefinition,
  prefill: Answers | null | undefined,
  values: FormValues,
): Set<string> {
  const ids = new Set<string>();
  if (!prefill) return ids;
  for (const field of fieldsOf(definition)) {
    if (field.type === 'repeatableGroup' || !field.autoFillKey) continue;
    const prefilled = coerceLeafValue(field, prefill[field.id]);
    if (!isEmptyValue(prefilled) && sameValue(prefilled, values[field.id])) ids.add(field.id);
  }
  return ids;
}

/**
 * The form value paths of a definition in the order a person sees them (a group, then each of its rows' fields), so
 * the first invalid one can be focused.
 */
export function fieldPathsInOrder(definition: FormDefinition, values: FormValues): string[] {
  const paths: string[] = [];
  for (const field of fieldsOf(definition)) {
    paths.push(field.id);
    if (field.type === 'repeatableGroup') {
      const rows = Array.isArray(values[field.id]) ? (values[field.id] as unknown[]) : [];
      rows.forEach((_row, index) => {
        for (const sub of field.fields) paths.push(`${field.id}.${index}.${sub.id}`);
      });
    }
  }
  return paths;
}

/**
 * A server field error path (`answers.<fieldId>` or `answers.<groupId>.<row>.<subFieldId>`, maybe deeper, or
 * `saveToProfile.<key>`) → form path.
 */
export function formPathOfServerField(definition: FormDefinition, serverField: string): string | null {
  const parts = serverField.split('.');
  // "Save to my profile too" refused a value (`saveToProfile.<auto-fill key>`): the question it came from.
  if (parts[0] === 'saveToProfile') {
    return fieldsOf(definition).find((f) => f.type !== 'repeatableGroup' && f.autoFillKey === parts[1])?.id ?? null;
  }
  if (parts[0] !== 'answers' || parts.length < 2) return null;
  const field = fieldsOf(definition).find((f) => f.id === parts[1]);
  if (!field) return null;
  if (field.type === 'repeatableGroup' && parts.length >= 4 && /^\d+$/.test(parts[2] ?? '')) {
    const sub = field.fields.find((f) => f.id === parts[3]);
    return sub ? `${field.id}.${parts[2]}.${sub.id}` : field.id;
  }
  return field.id;
}

/* ---------- Showing answers (confirmation summary) ---------- */

function optionLabel(options: ChoiceOption[], id: string, otherText: unknown): string {
  if (id === OTHER_OPTION_ID) return typeof otherText === 'string' && otherText ? `Other: ${otherText}` : 'Other';
  return options.find((o) => o.id === id)?.label ?? id;
}

/** One answer in words, as the confirmation summary shows it ('' when unanswered). Files show their name. */
export function formatLeafAnswer(field: LeafField, value: unknown): string {
  if (isEmptyValue(value)) return '';
  switch (field.type) {
    case 'date':
      return typeof value === 'string' ? formatCalendarDate(value) : String(value);
    case 'singleChoice':
    case 'dropdown':
      return isRecord(value) && typeof value.optionId === 'string'
        ? optionLabel(field.options, value.optionId, value.otherText)
        : '';
    case 'multipleChoice':
      return isRecord(value) && Array.isArray(value.optionIds)
        ? (value.optionIds as string[]).map((id) => optionLabel(field.options, id, value.otherText)).join(', ')
        : '';
    case 'yesNo':
      return value === true ? 'Yes' : value === false ? 'No' : '';
    case 'linearScale':
      return `${String(value)} (${field.scaleMin}–${field.scaleMax})`;
    case 'fileUpload':
      return isFileAnswer(value) ? value.name : '';
    default:
      return toText(value);
  }
}
