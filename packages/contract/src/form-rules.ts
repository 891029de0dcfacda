import { FILE_RULES } from './file-rules';
import type { FormDefinition, FormField } from './form';

// Without zod, so the web's first load (the form's inputs) reads them without the schemas; form.ts adds the schemas
// and re-exports these.

/** Caps on a form definition's size (the builder, the schema and the server's limits). */
export const FORM_LIMITS = {
  sections: 20,
  fieldsPerSection: 50,
  subFields: 20,
  options: 100,
  optionLabel: 200,
  label: 300,
  helpText: 1000,
  pattern: 500,
  repeatRows: 50,
  scaleMin: 0,
  scaleMax: 10,
  /** Conditions in one question's or section's rule. */
  conditions: 10,
  acceptedTypes: 20,
  /** Answers' files are stored with purpose 'application': its limit caps every file field. */
  maxFileBytes: FILE_RULES.application.maxBytes,
} as const;

export const FIELD_TYPES = [
  'shortText',
  'paragraph',
  'number',
  'email',
  'phone',
  'url',
  'date',
  'singleChoice',
  'multipleChoice',
  'dropdown',
  'yesNo',
  'linearScale',
  'fileUpload',
  'repeatableGroup',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Value stored for the "Other" choice; its free text travels in `otherText`. */
export const OTHER_OPTION_ID = '__other__';

/** Every top-level field of a definition, in order. */
export function fieldsOf(definition: FormDefinition): FormField[] {
  return definition.sections.flatMap((section) => section.fields);
}

/** True when every field is filled from auto-fill data, so `/api/placements/campus/apply` may apply in one click. */
export function isOneClickForm(definition: FormDefinition): boolean {
  const fields = fieldsOf(definition);
  return fields.length > 0 && fields.every((field) => field.type !== 'repeatableGroup' && field.autoFillKey);
}
