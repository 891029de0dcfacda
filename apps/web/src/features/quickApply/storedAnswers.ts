import { type Answers, type AnswerValue, FORM_LIMITS, isUnsafeText, LIMITS } from '@placely/contract';

// The contract's `answersSchema` (the loose shape of a stored answer set) without zod, for the draft this device
// kept: the form must read it before the person can type, and zod is not in the form's first load (it comes with the
// validation, see QuickApplyForm). It accepts and returns exactly what `answersSchema.safeParse` does — the same
// unknown keys dropped, the same `otherText` trimmed; storedAnswers.test.ts holds the two side by side.

type Leaf = Exclude<AnswerValue, unknown[]>;
const INVALID = Symbol('invalid');
type Result<T> = T | typeof INVALID;

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isText(value: unknown, max = Number.POSITIVE_INFINITY): value is string {
  return typeof value === 'string' && !isUnsafeText(value) && value.length <= max;
}

/** `otherText`: optional; trimmed, then at most LIMITS.shortText. */
function otherText(record: Record<string, unknown>): Result<{ otherText?: string }> {
  if (!('otherText' in record) || record.otherText === undefined) return {};
  const value = record.otherText;
  if (!isText(value)) return INVALID;
  const trimmed = value.trim();
  return trimmed.length <= LIMITS.shortText ? { otherText: trimmed } : INVALID;
}

function choice(value: Record<string, unknown>): Result<Leaf> {
  if (!isText(value.optionId, 64)) return INVALID;
  const other = otherText(value);
  return other === INVALID ? INVALID : { optionId: value.optionId, ...other };
}

function multipleChoice(value: Record<string, unknown>): Result<Leaf> {
  const ids = value.optionIds;
  if (!Array.isArray(ids) || ids.length > FORM_LIMITS.options || !ids.every((id) => isText(id, 64))) return INVALID;
  const other = otherText(value);
  return other === INVALID ? INVALID : { optionIds: [...ids], ...other };
}

function file(value: Record<string, unknown>): Result<Leaf> {
  const { fileId, name, size, contentType } = value;
  if (!isText(fileId, 100) || fileId.length < 1 || !isText(name, LIMITS.shortText) || !isText(contentType, 100)) {
    return INVALID;
  }
  if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0) return INVALID;
  return { fileId, name, size, contentType };
}

/** The first of the union's options that accepts the value, in the schema's order. */
function leaf(value: unknown): Result<Leaf> {
  if (typeof value === 'string') return isUnsafeText(value) ? INVALID : value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : INVALID;
  if (typeof value === 'boolean' || value === null) return value;
  if (!isPlainRecord(value)) return INVALID;
  for (const option of [choice, multipleChoice, file]) {
    const parsed = option(value);
    if (parsed !== INVALID) return parsed;
  }
  return INVALID;
}

/** A record's own keys as zod reads them (`__proto__` is skipped, never copied). */
function entriesOf(value: Record<string, unknown>): [string, unknown][] {
  return Object.keys(value)
    .filter((key) => key !== '__proto__')
    .map((key) => [key, value[key]]);
}

function row(value: unknown): Result<Record<string, Leaf>> {
  if (!isPlainRecord(value)) return INVALID;
  const out: Record<string, Leaf> = {};
  for (const [key, cell] of entriesOf(value)) {
    const parsed = leaf(cell);
    if (!isText(key) || parsed === INVALID) return INVALID;
    out[key] = parsed;
  }
  return out;
}

function answerValue(value: unknown): Result<AnswerValue> {
  const asLeaf = leaf(value);
  if (asLeaf !== INVALID) return asLeaf;
  if (!Array.isArray(value)) return INVALID;
  const rows: Record<string, Leaf>[] = [];
  for (const item of value) {
    const parsed = row(item);
    if (parsed === INVALID) return INVALID;
    rows.push(parsed);
  }
  return rows;
}

/** The stored answers as `answersSchema` would parse them, or null when it would refuse them. */
export function readStoredAnswers(value: unknown): Answers | null {
  if (!isPlainRecord(value)) return null;
  const out: Answers = {};
  for (const [key, item] of entriesOf(value)) {
    const parsed = answerValue(item);
    if (!isText(key, 64) || parsed === INVALID) return null;
    out[key] = parsed;
  }
  return out;
}
