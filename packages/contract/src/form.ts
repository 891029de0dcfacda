import { autoFillKeySchema } from './autofill';
import { FILE_RULES } from './file-rules';
import { hasLogic, ruleProblemsOf, visibilityOf, withoutHiddenAnswers } from './form-logic';
import { FIELD_TYPES, FORM_LIMITS, fieldsOf, OTHER_OPTION_ID } from './form-rules';
import { LIMITS } from './limits';
import * as z from './zod';

export * from './form-logic';
export * from './form-rules';

// The Quick Apply form definition: sections → fields. One schema used by the builder, the public form and the
// server. Field ids are stable (generated once by the builder, never derived from the label) so answers keep their
// meaning across form versions.

export const fieldTypeSchema = z.enum(FIELD_TYPES);

const fieldIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Field ids use letters, digits, "_" or "-" (at most 64)')
  .refine((value) => value !== OTHER_OPTION_ID, 'Reserved id');

export const choiceOptionSchema = z.object({
  id: fieldIdSchema,
  label: z.string().trim().min(1, 'Required').max(FORM_LIMITS.optionLabel),
});
export type ChoiceOption = z.infer<typeof choiceOptionSchema>;

const validPattern = z
  .string()
  .max(FORM_LIMITS.pattern)
  .refine((value) => {
    try {
      new RegExp(value, 'u');
      return true;
    } catch {
      return false;
    }
  }, 'Not a valid regular expression');

export const fieldValidationSchema = z
  .object({
    minLength: z.number().int().min(0).max(LIMITS.longText).optional(),
    maxLength: z.number().int().min(1).max(LIMITS.longText).optional(),
    min: z.number().finite().optional(),
    max: z.number().finite().optional(),
    pattern: validPattern.optional(),
    patternMessage: z.string().trim().max(FORM_LIMITS.optionLabel).optional(),
  })
  .refine((v) => v.minLength === undefined || v.maxLength === undefined || v.minLength <= v.maxLength, {
    message: 'Minimum length is above the maximum',
    path: ['minLength'],
  })
  .refine((v) => v.min === undefined || v.max === undefined || v.min <= v.max, {
    message: 'Minimum is above the maximum',
    path: ['min'],
  });
export type FieldValidation = z.infer<typeof fieldValidationSchema>;

/* ---------- Conditional logic (evaluated by form-logic.ts) ---------- */

const conditionQuestion = { questionId: z.string().max(64) };
const conditionText = z.string().trim().min(1, 'Enter a value').max(FORM_LIMITS.optionLabel);
const conditionDate = z.iso.date({ message: 'Enter a date (YYYY-MM-DD)' });

/** One test on an earlier question's answer. Which operators fit which question types: `operatorsFor`. */
export const formConditionSchema = z.discriminatedUnion('operator', [
  z.object({
    ...conditionQuestion,
    operator: z.literal('equals'),
    value: z.union([conditionText, z.number().finite(), z.boolean()]),
  }),
  z.object({
    ...conditionQuestion,
    operator: z.literal('isOneOf'),
    values: z.array(conditionText).min(1, 'Choose at least one value').max(FORM_LIMITS.options),
  }),
  z.object({ ...conditionQuestion, operator: z.literal('contains'), value: conditionText }),
  z.object({ ...conditionQuestion, operator: z.literal('isAnswered') }),
  z.object({ ...conditionQuestion, operator: z.literal('atLeast'), value: z.number().finite() }),
  z.object({ ...conditionQuestion, operator: z.literal('atMost'), value: z.number().finite() }),
  z
    .object({
      ...conditionQuestion,
      operator: z.literal('between'),
      min: z.number().finite(),
      max: z.number().finite(),
    })
    .refine((c) => c.min <= c.max, { message: 'The lower bound is above the upper one', path: ['min'] }),
  z.object({ ...conditionQuestion, operator: z.literal('before'), value: conditionDate }),
  z.object({ ...conditionQuestion, operator: z.literal('after'), value: conditionDate }),
]);
export type FormCondition = z.infer<typeof formConditionSchema>;

/** "Show only when": conditions on earlier answers, all or any of them holding. Absent: always shown. */
export const showWhenSchema = z.object({
  match: z.enum(['all', 'any']),
  conditions: z.array(formConditionSchema).min(1, 'Add a condition').max(FORM_LIMITS.conditions),
});
export type ShowWhen = z.infer<typeof showWhenSchema>;

const fieldBase = {
  id: fieldIdSchema,
  showWhen: showWhenSchema.optional(),
  label: z.string().trim().min(1, 'Required').max(FORM_LIMITS.label),
  helpText: z.string().trim().max(FORM_LIMITS.helpText).optional(),
  required: z.boolean(),
  autoFillKey: autoFillKeySchema.optional(),
};

const textLike = (type: 'shortText' | 'paragraph' | 'email' | 'phone' | 'url') =>
  z.object({ ...fieldBase, type: z.literal(type), validation: fieldValidationSchema.optional() });

const shortTextField = textLike('shortText');
const paragraphField = textLike('paragraph');
const emailField = textLike('email');
const phoneField = textLike('phone');
const urlField = textLike('url');
const numberField = z.object({ ...fieldBase, type: z.literal('number'), validation: fieldValidationSchema.optional() });
const dateField = z.object({ ...fieldBase, type: z.literal('date') });
const options = z
  .array(choiceOptionSchema)
  .min(1, 'Add at least one option')
  .max(FORM_LIMITS.options)
  .refine((list) => new Set(list.map((o) => o.id)).size === list.length, 'Option ids must be unique');
const singleChoiceField = z.object({
  ...fieldBase,
  type: z.literal('singleChoice'),
  options,
  allowOther: z.boolean().optional(),
});
const multipleChoiceField = z.object({
  ...fieldBase,
  type: z.literal('multipleChoice'),
  options,
  allowOther: z.boolean().optional(),
  validation: z
    .object({
      minSelected: z.number().int().min(0).max(FORM_LIMITS.options).optional(),
      maxSelected: z.number().int().min(1).max(FORM_LIMITS.options).optional(),
    })
    .optional(),
});
const dropdownField = z.object({ ...fieldBase, type: z.literal('dropdown'), options });
const yesNoField = z.object({ ...fieldBase, type: z.literal('yesNo') });
const linearScaleField = z
  .object({
    ...fieldBase,
    type: z.literal('linearScale'),
    scaleMin: z.number().int().min(FORM_LIMITS.scaleMin).max(1),
    scaleMax: z.number().int().min(2).max(FORM_LIMITS.scaleMax),
    minLabel: z.string().trim().max(FORM_LIMITS.optionLabel).optional(),
    maxLabel: z.string().trim().max(FORM_LIMITS.optionLabel).optional(),
  })
  .refine((f) => f.scaleMin < f.scaleMax, { message: 'Scale minimum must be below the maximum', path: ['scaleMin'] });
const fileUploadField = z.object({
  ...fieldBase,
  type: z.literal('fileUpload'),
  /** A subset of the types application files may have (checked by content); empty means all of them. */
  acceptedTypes: z
    .array(
      z
        .string()
        .refine(
          (type) => FILE_RULES.application.contentTypes.includes(type),
          `Choose from ${FILE_RULES.application.label}`,
        ),
    )
    .max(FORM_LIMITS.acceptedTypes),
  maxBytes: z.number().int().min(1).max(FORM_LIMITS.maxFileBytes),
});

/** Fields allowed inside a repeatable group (no nesting of groups). */
export const leafFieldSchema = z.discriminatedUnion('type', [
  shortTextField,
  paragraphField,
  numberField,
  emailField,
  phoneField,
  urlField,
  dateField,
  singleChoiceField,
  multipleChoiceField,
  dropdownField,
  yesNoField,
  linearScaleField,
  fileUploadField,
]);
export type LeafField = z.infer<typeof leafFieldSchema>;

const uniqueIds = (list: { id: string }[]) => new Set(list.map((f) => f.id)).size === list.length;

const repeatableGroupField = z
  .object({
    ...fieldBase,
    type: z.literal('repeatableGroup'),
    fields: z
      .array(leafFieldSchema)
      .min(1, 'Add at least one sub-field')
      .max(FORM_LIMITS.subFields)
      .refine(uniqueIds, 'Sub-field ids must be unique'),
    minRows: z.number().int().min(0).max(FORM_LIMITS.repeatRows).optional(),
    maxRows: z.number().int().min(1).max(FORM_LIMITS.repeatRows).optional(),
  })
  .refine((f) => f.minRows === undefined || f.maxRows === undefined || f.minRows <= f.maxRows, {
    message: 'Minimum rows is above the maximum',
    path: ['minRows'],
  });

export const formFieldSchema = z.union([leafFieldSchema, repeatableGroupField]);
export type FormField = z.infer<typeof formFieldSchema>;
export type RepeatableGroupField = z.infer<typeof repeatableGroupField>;

/**
 * A question asking for the applicant's contact details (an email or phone question, or one auto-filled with them):
 * the server leaves its answer out for a reviewer the organization did not grant contact details, and the views then
 * say "Hidden" rather than "Not answered".
 */
export const isContactField = (field: LeafField | FormField): boolean =>
  field.type === 'email' || field.type === 'phone' || field.autoFillKey === 'email' || field.autoFillKey === 'phone';

export const formSectionSchema = z.object({
  id: fieldIdSchema,
  title: z.string().trim().max(FORM_LIMITS.label),
  description: z.string().trim().max(FORM_LIMITS.helpText).optional(),
  showWhen: showWhenSchema.optional(),
  fields: z.array(formFieldSchema).max(FORM_LIMITS.fieldsPerSection),
});
export type FormSection = z.infer<typeof formSectionSchema>;

export const formDefinitionSchema = z
  .object({
    sections: z.array(formSectionSchema).min(1, 'Add at least one section').max(FORM_LIMITS.sections),
  })
  .superRefine((definition, ctx) => {
    const seen = new Set<string>();
    definition.sections.forEach((section, s) => {
      section.fields.forEach((field, f) => {
        if (seen.has(field.id)) {
          ctx.addIssue({
            code: 'custom',
            message: 'Field ids must be unique across the form',
            path: ['sections', s, 'fields', f, 'id'],
          });
        }
        seen.add(field.id);
      });
    });
    for (const problem of ruleProblemsOf(definition)) ctx.addIssue({ code: 'custom', ...problem });
  });
export type FormDefinition = z.infer<typeof formDefinitionSchema>;

/* ---------- Answers ---------- */

/** A stored file reference in an answer (uploaded through the storage layer). */
export const fileAnswerSchema = z.object({
  fileId: z.string().min(1).max(100),
  name: z.string().max(LIMITS.shortText),
  size: z.number().int().min(0),
  contentType: z.string().max(100),
});
export type FileAnswer = z.infer<typeof fileAnswerSchema>;

export const choiceAnswerSchema = z.object({
  optionId: z.string().max(64),
  otherText: z.string().trim().max(LIMITS.shortText).optional(),
});
export const multipleChoiceAnswerSchema = z.object({
  optionIds: z.array(z.string().max(64)).max(FORM_LIMITS.options),
  otherText: z.string().trim().max(LIMITS.shortText).optional(),
});

const leafAnswerSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  choiceAnswerSchema,
  multipleChoiceAnswerSchema,
  fileAnswerSchema,
  z.null(),
]);
/**
 * Loose shape of a stored answer set (field id → value); drafts use it, submits use `answersSchemaFor`. A repeating
 * group's rows are tried first: a union that fails on every option builds each option's error message, so leaf-first
 * paid for seven messages on every repeating-group answer of every submit (issue #17); a leaf fails the row check at
 * once, and nothing is built when a later option matches.
 */
export const answerValueSchema = z.union([z.array(z.record(z.string(), leafAnswerSchema)), leafAnswerSchema]);
export type AnswerValue = z.infer<typeof answerValueSchema>;
export const answersSchema = z.record(z.string().max(64), answerValueSchema);
export type Answers = z.infer<typeof answersSchema>;

const REQUIRED = 'Required';

function textSchema(field: { required: boolean; validation?: FieldValidation }, base: z.ZodString, max: number) {
  const v = field.validation ?? {};
  let schema = base.max(v.maxLength ?? max, `Must be at most ${v.maxLength ?? max} characters`);
  if (v.minLength) schema = schema.min(v.minLength, `Must be at least ${v.minLength} characters`);
  if (v.pattern) {
    const re = new RegExp(`^(?:${v.pattern})$`, 'u');
    schema = schema.regex(re, v.patternMessage || 'Does not match the expected format');
  }
  return optionalUnlessRequired(schema, field.required);
}

function optionalUnlessRequired<T extends z.ZodType>(schema: T, required: boolean): z.ZodType {
  if (required) return schema;
  return z.preprocess((value) => (value === '' || value === undefined ? null : value), schema.nullable());
}

function requiredString(base: z.ZodString, required: boolean) {
  return required ? base.min(1, REQUIRED) : base;
}

/** The zod schema for one leaf field's answer. */
export function answerSchemaForField(field: LeafField): z.ZodType {
  switch (field.type) {
    case 'shortText':
      return textSchema(
        field,
        requiredString(z.string({ message: REQUIRED }).trim(), field.required),
        LIMITS.shortText,
      );
    case 'paragraph':
      return textSchema(field, requiredString(z.string({ message: REQUIRED }).trim(), field.required), LIMITS.longText);
    case 'email':
      return optionalUnlessRequired(
        z.string({ message: REQUIRED }).trim().max(LIMITS.email).pipe(z.email('Enter a valid email address')),
        field.required,
      );
    case 'phone':
      return optionalUnlessRequired(
        z
          .string({ message: REQUIRED })
          .trim()
          .regex(/^\+?[0-9 ()-]{6,20}$/, 'Enter a valid phone number'),
        field.required,
      );
    case 'url':
      return optionalUnlessRequired(
        z
          .string({ message: REQUIRED })
          .trim()
          .max(LIMITS.url)
          .pipe(z.url({ protocol: /^https?$/, message: 'Enter a web address starting with http:// or https://' })),
        field.required,
      );
    case 'number': {
      const v = field.validation ?? {};
      let schema = z.number({ message: 'Enter a number' }).finite();
      if (v.min !== undefined) schema = schema.min(v.min, `Must be at least ${v.min}`);
      if (v.max !== undefined) schema = schema.max(v.max, `Must be at most ${v.max}`);
      return optionalUnlessRequired(schema, field.required);
    }
    case 'date':
      return optionalUnlessRequired(
        z.iso.date({ message: field.required ? 'Enter a date (YYYY-MM-DD)' : 'Use the date format YYYY-MM-DD' }),
        field.required,
      );
    case 'singleChoice':
    case 'dropdown': {
      const ids = new Set(field.options.map((o) => o.id));
      const allowOther = field.type === 'singleChoice' && field.allowOther === true;
      const schema = choiceAnswerSchema
        .refine((a) => ids.has(a.optionId) || (allowOther && a.optionId === OTHER_OPTION_ID), {
          message: 'Choose one of the options',
          path: ['optionId'],
        })
        .refine((a) => a.optionId !== OTHER_OPTION_ID || (a.otherText ?? '').length > 0, {
          message: 'Describe your "Other" answer',
          path: ['otherText'],
        });
      return optionalUnlessRequired(
        z.custom((v) => v !== null && v !== undefined, REQUIRED).pipe(schema),
        field.required,
      );
    }
    case 'multipleChoice': {
      const ids = new Set(field.options.map((o) => o.id));
      const allowOther = field.allowOther === true;
      const v = field.validation ?? {};
      const min = Math.max(v.minSelected ?? 0, field.required ? 1 : 0);
      const schema = multipleChoiceAnswerSchema
        .refine((a) => a.optionIds.every((id) => ids.has(id) || (allowOther && id === OTHER_OPTION_ID)), {
          message: 'Choose from the options',
          path: ['optionIds'],
        })
        .refine((a) => new Set(a.optionIds).size === a.optionIds.length, {
          message: 'Each option once',
          path: ['optionIds'],
        })
        .refine((a) => a.optionIds.length >= min, {
          message: min === 1 ? REQUIRED : `Choose at least ${min}`,
          path: ['optionIds'],
        })
        .refine((a) => v.maxSelected === undefined || a.optionIds.length <= v.maxSelected, {
          message: `Choose at most ${v.maxSelected}`,
          path: ['optionIds'],
        })
        .refine((a) => !a.optionIds.includes(OTHER_OPTION_ID) || (a.otherText ?? '').length > 0, {
          message: 'Describe your "Other" answer',
          path: ['otherText'],
        });
      return optionalUnlessRequired(
        z.custom((x) => x !== null && x !== undefined, REQUIRED).pipe(schema),
        field.required,
      );
    }
    case 'yesNo':
      return optionalUnlessRequired(z.boolean({ message: 'Choose yes or no' }), field.required);
    case 'linearScale':
      return optionalUnlessRequired(
        z
          .number({ message: 'Choose a value' })
          .int()
          .min(field.scaleMin, `Choose ${field.scaleMin} to ${field.scaleMax}`)
          .max(field.scaleMax, `Choose ${field.scaleMin} to ${field.scaleMax}`),
        field.required,
      );
    case 'fileUpload': {
      const types = field.acceptedTypes;
      const schema = fileAnswerSchema
        .refine((f) => f.size <= field.maxBytes, { message: `File is larger than ${field.maxBytes} bytes` })
        .refine((f) => types.length === 0 || types.includes(f.contentType), {
          message: 'This file type is not accepted',
        });
      return optionalUnlessRequired(
        z.custom((x) => x !== null && x !== undefined, 'Upload a file').pipe(schema),
        field.required,
      );
    }
  }
}

function answerSchemaForAnyField(field: FormField): z.ZodType {
  if (field.type !== 'repeatableGroup') return answerSchemaForField(field);
  const row = z.strictObject(Object.fromEntries(field.fields.map((sub) => [sub.id, answerSchemaForField(sub)])));
  const min = Math.max(field.minRows ?? 0, field.required ? 1 : 0);
  const max = field.maxRows ?? FORM_LIMITS.repeatRows;
  const rows = z
    .array(row)
    .min(min, min === 1 ? 'Add at least one row' : `Add at least ${min} rows`)
    .max(max, `At most ${max} rows`);
  return field.required ? rows : z.preprocess((v) => (v === null || v === undefined ? [] : v), rows);
}

/**
 * The zod schema that validates a complete answer set for `definition`: keys are field ids, unknown keys are
 * rejected (naming the key), optional empty answers become null. Shared by the web form and the server.
 */
export function answersSchemaFor(definition: FormDefinition) {
  const fields = fieldsOf(definition);
  if (!hasLogic(definition)) {
    return z.strictObject(Object.fromEntries(fields.map((field) => [field.id, answerSchemaForAnyField(field)])));
  }
  // With rules, a question that may be hidden is checked only when the answers show it (so a hidden required
  // question never blocks), and a hidden question's answer is dropped, never stored. Visibility is decided on the
  // answers as sent (the evaluator reads typed and stored values alike), then every question is checked at once, so
  // all problems show together. Questions no rule can hide keep their own schemas, as in a form without rules.
  const mayHide = new Set(
    definition.sections.flatMap((section) =>
      section.fields.filter((field) => section.showWhen || field.showWhen).map((field) => field.id),
    ),
  );
  const shape = Object.fromEntries(
    fields.map((field) => {
      const schema = answerSchemaForAnyField(field);
      if (!mayHide.has(field.id)) return [field.id, schema];
      return [
        field.id,
        z.any().transform((value, ctx) => {
          if (value === HIDDEN) return HIDDEN;
          const result = schema.safeParse(value);
          if (result.success) return result.data;
          for (const issue of result.error.issues) ctx.addIssue(issue as never);
          return z.NEVER;
        }),
      ];
    }),
  );
  return z.preprocess(
    (answers) => {
      if (typeof answers !== 'object' || answers === null || Array.isArray(answers)) return answers;
      const { hiddenFields } = visibilityOf(definition, answers as Record<string, unknown>);
      if (hiddenFields.size === 0) return answers;
      const marked: Record<string, unknown> = { ...answers };
      for (const id of hiddenFields) marked[id] = HIDDEN;
      return marked;
    },
    z.strictObject(shape).transform((parsed) => {
      const answers: Record<string, unknown> = {};
      for (const [id, value] of Object.entries(parsed)) if (value !== HIDDEN) answers[id] = value;
      return answers;
    }),
  );
}

/** Marks a hidden question's answer between deciding what is shown and dropping it. */
const HIDDEN = Symbol('hidden by logic');

/** The longest text a leaf field's answer may hold: the same caps a submission has. */
function textLimitOf(field: LeafField): number {
  switch (field.type) {
    case 'shortText':
      return field.validation?.maxLength ?? LIMITS.shortText;
    case 'paragraph':
      return field.validation?.maxLength ?? LIMITS.longText;
    case 'email':
      return LIMITS.email;
    case 'url':
      return LIMITS.url;
    default:
      return LIMITS.shortText;
  }
}

/** A draft's answer for one leaf field: any shape a form value takes while typing, within the submission's caps. */
function draftLeafSchema(field: LeafField): z.ZodType {
  return z
    .union([
      z.string().max(textLimitOf(field), `Must be at most ${textLimitOf(field)} characters`),
      z.number(),
      z.boolean(),
      choiceAnswerSchema,
      multipleChoiceAnswerSchema,
      fileAnswerSchema,
      z.null(),
    ])
    .optional();
}

/**
 * The schema for an autosaved draft of `definition`: unfinished answers are fine (nothing is required, formats are
 * not checked), but it holds only this form's questions, texts within their limits, and repeatable groups within
 * their row caps — nothing a submission could not hold. The server also checks the draft's files are the person's own.
 */
export function draftAnswersSchemaFor(definition: FormDefinition) {
  const schema = z.strictObject(
    Object.fromEntries(
      fieldsOf(definition).map((field) => {
        if (field.type !== 'repeatableGroup') return [field.id, draftLeafSchema(field)];
        const max = field.maxRows ?? FORM_LIMITS.repeatRows;
        const row = z.strictObject(Object.fromEntries(field.fields.map((sub) => [sub.id, draftLeafSchema(sub)])));
        return [field.id, z.array(row).max(max, `At most ${max} rows`).nullable().optional()];
      }),
    ),
  );
  // A draft keeps no answer of a hidden question either: what it holds is what a submit would send.
  return hasLogic(definition)
    ? schema.transform((answers) => withoutHiddenAnswers(definition, answers).answers)
    : schema;
}
