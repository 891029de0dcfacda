import {
  type Answers,
  type AnswerValue,
  answersSchemaFor,
  draftAnswersSchemaFor,
  type FieldError,
  type FileAnswer,
  type FormDefinition,
  withoutHiddenAnswers,
  type z,
} from '@placely/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { files } from '../../db/schema';
import { errors } from '../../errors';

const isFileAnswer = (value: unknown): value is FileAnswer =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && 'fileId' in value;

/** Every file answer in an answer set with the path of the field holding it (top level and repeatable rows). */
function fileAnswersIn(answers: Answers): { path: (string | number)[]; file: FileAnswer }[] {
  const found: { path: (string | number)[]; file: FileAnswer }[] = [];
  for (const [fieldId, value] of Object.entries(answers)) {
    if (isFileAnswer(value)) found.push({ path: [fieldId], file: value });
    if (Array.isArray(value)) {
      value.forEach((row, index) => {
        for (const [subId, subValue] of Object.entries(row)) {
          if (isFileAnswer(subValue)) found.push({ path: [fieldId, index, subId], file: subValue });
        }
      });
    }
  }
  return found;
}

export function fileIdsIn(answers: Answers): string[] {
  return [...new Set(fileAnswersIn(answers).map(({ file }) => file.fileId))];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Replaces what the client claims about each attached file (name, size, type) with what the server stored, and
 * refuses files that are not the applicant's own finished uploads (application files or their resumes). Files the
 * application already had stay allowed on edits, whoever uploaded them.
 */
export async function withStoredFiles(
  db: Executor,
  applicantId: number,
  answers: Answers,
  alreadyAttached: ReadonlySet<string> = new Set(),
): Promise<Answers> {
  const found = fileAnswersIn(answers);
  if (found.length === 0) return answers;
  const ids = [...new Set(found.map(({ file }) => file.fileId))].filter((id) => UUID.test(id));
  const rows =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(files)
          .where(and(inArray(files.id, ids), eq(files.status, 'ready')));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const problems: FieldError[] = [];
  const stored = structuredClone(answers) as Record<string, AnswerValue>;
  for (const { path, file } of found) {
    const row = byId.get(file.fileId);
    const usable =
      row &&
      (alreadyAttached.has(row.id) ||
        (row.ownerId === applicantId && (row.purpose === 'application' || row.purpose === 'resume')));
    if (!row || !usable) {
      problems.push({ field: ['answers', ...path].join('.'), message: 'Upload the file again: it was not found.' });
      continue;
    }
    const value: FileAnswer = { fileId: row.id, name: row.name, size: row.size, contentType: row.contentType ?? '' };
    const [fieldId, rowIndex, subId] = path as [string, number?, string?];
    if (rowIndex === undefined || subId === undefined) stored[fieldId] = value;
    else {
      const target = (stored[fieldId] as Record<string, AnswerValue>[])[rowIndex];
      if (target) target[subId] = value;
    }
  }
  if (problems.length > 0) throw errors.validation(problems);
  return stored as Answers;
}

/**
 * Answer schemas of recently used form versions. A saved form version never changes (edits add a version), so
 * `<opening id>:<version>` names one schema for good; building it is most of the cost of validating an answer set.
 */
const schemaCache = new Map<string, ReturnType<typeof answersSchemaFor>>();
const SCHEMA_CACHE_SIZE = 500;

function answersSchemaOf(definition: FormDefinition, versionKey: string | undefined) {
  if (!versionKey) return answersSchemaFor(definition);
  let schema = schemaCache.get(versionKey);
  if (!schema) {
    schema = answersSchemaFor(definition);
    if (schemaCache.size >= SCHEMA_CACHE_SIZE) schemaCache.delete(schemaCache.keys().next().value as string);
    schemaCache.set(versionKey, schema);
  }
  return schema;
}

/**
 * Validates answers against a form with the shared schema; failures name `answers.<field>[.<row>.<sub>]`.
 * `versionKey` (`<opening id>:<version>`) lets the schema of a saved form version be built once.
 */
export function validateAnswers(definition: FormDefinition, answers: Answers, versionKey?: string): Answers {
  return parseAnswers(answersSchemaOf(definition, versionKey), answers);
}

/**
 * Validates an autosaved draft: unfinished is fine, but only within what a submission could hold. The draft is kept
 * as typed, less the answers of questions its own answers hide (a submit would drop them too).
 */
export function validateDraftAnswers(definition: FormDefinition, answers: Answers): Answers {
  parseAnswers(draftAnswersSchemaFor(definition), answers);
  return withoutHiddenAnswers(definition, answers).answers;
}

function parseAnswers(schema: z.ZodType, answers: Answers): Answers {
  const result = schema.safeParse(answers);
  if (result.success) return result.data as Answers;
  throw errors.validation(
    result.error.issues.flatMap((issue) => {
      const at = ['answers', ...issue.path.map(String)];
      // Each unknown key is named on its own, as the API does for bodies.
      if (issue.code === 'unrecognized_keys') {
        return issue.keys.map((key) => ({
          field: [...at, key].join('.'),
          message: `Not a question of this form: ${key}`,
        }));
      }
      return [{ field: at.join('.'), message: issue.message }];
    }),
  );
}
