import type { z } from '@placely/contract';
import {
  CONTENT_TYPES,
  EMPTY_ELIGIBILITY,
  FIELD_TYPES,
  type FieldType,
  FORM_LIMITS,
  type FormDefinition,
  type FormField,
  type FormSection,
  type LeafField,
  type Opening,
  type OpeningInput,
  type openingInputSchema,
} from '@placely/contract';

/** The editor's values: what the contract accepts before its defaults apply. */
export type OpeningFormValues = z.input<typeof openingInputSchema>;

/**
 * A new stable id for a section, field or option: random, never derived from the label, so answers keep their
 * meaning when the label changes.
 */
export function newId(prefix: 's' | 'f' | 'o'): string {
  const bytes = new Uint8Array(9);
  crypto.getRandomValues(bytes);
  const text = Array.from(bytes, (byte) => byte.toString(36).padStart(2, '0')).join('');
  return `${prefix}_${text}`;
}

/** Every field type but the repeatable group (a group holds only these). */
export const LEAF_FIELD_TYPES: readonly LeafField['type'][] = FIELD_TYPES.filter(
  (type): type is LeafField['type'] => type !== 'repeatableGroup',
);

export const CHOICE_TYPES: readonly FieldType[] = ['singleChoice', 'multipleChoice', 'dropdown'];
export const TEXT_LENGTH_TYPES: readonly FieldType[] = ['shortText', 'paragraph'];

/** Names people know the application file types by. */
export const FILE_TYPE_LABELS: Record<string, string> = {
  [CONTENT_TYPES.pdf]: 'PDF',
  [CONTENT_TYPES.docx]: 'Word (.docx)',
  [CONTENT_TYPES.png]: 'PNG',
  [CONTENT_TYPES.jpeg]: 'JPEG',
  [CONTENT_TYPES.webp]: 'WebP',
};

function option(label: string) {
  return { id: newId('o'), label };
}

/**
 * What a new question is called until the organization words it (the label input opens with it selected, so typing
 * replaces it): a name that saves, so adding a question never blocks saving.
 */
export const NEW_QUESTION_LABELS: Record<FieldType, string> = {
  shortText: 'Short answer',
  paragraph: 'Tell us more',
  number: 'Number',
  email: 'Email address',
  phone: 'Phone number',
  url: 'Link',
  date: 'Date',
  singleChoice: 'Choose one',
  multipleChoice: 'Choose any',
  dropdown: 'Choose from the list',
  yesNo: 'Yes or no',
  linearScale: 'Rate from 1 to 5',
  fileUpload: 'Upload a file',
  repeatableGroup: 'Entries',
};

/** A new field of `type` with sensible defaults and a label that saves. */
export function newLeafField(type: LeafField['type'], label = NEW_QUESTION_LABELS[type]): LeafField {
  const base = { id: newId('f'), label, required: false };
  switch (type) {
    case 'singleChoice':
    case 'multipleChoice':
    case 'dropdown':
      return { ...base, type, options: [option('Option 1'), option('Option 2')] };
    case 'linearScale':
      return { ...base, type, scaleMin: 1, scaleMax: 5 };
    case 'fileUpload':
      return { ...base, type, acceptedTypes: [], maxBytes: FORM_LIMITS.maxFileBytes };
    default:
      return { ...base, type };
  }
}

export function newField(type: FieldType): FormField {
  if (type === 'repeatableGroup') {
    // Its first sub-question is named too: an unnamed one used to block saving far down the page.
    return {
      id: newId('f'),
      type,
      label: NEW_QUESTION_LABELS.repeatableGroup,
      required: false,
      fields: [newLeafField('shortText', 'Title')],
    };
  }
  return newLeafField(type);
}

/**
 * The same question as another type. It gets a new id: answers given to the old type do not fit the new one, and
 * a field id must keep one meaning across form versions.
 */
export function changeFieldType(field: FormField, type: FieldType): FormField {
  const next = newField(type);
  const carried: Partial<FormField> = { label: field.label, required: field.required };
  if (field.helpText) carried.helpText = field.helpText;
  if (field.autoFillKey && type !== 'repeatableGroup') carried.autoFillKey = field.autoFillKey;
  const merged = { ...next, ...carried } as FormField;
  if ('options' in field && 'options' in merged) merged.options = field.options;
  return merged;
}

/** A copy placed after the original: a new id (sub-fields and options keep theirs; they are scoped to it). */
export function duplicateField(field: FormField): FormField {
  const copy = structuredClone(field);
  copy.id = newId('f');
  return copy;
}

export function newSection(index: number): FormSection {
  return { id: newId('s'), title: `Section ${index + 1}`, fields: [] };
}

export function starterForm(): FormDefinition {
  return {
    sections: [
      {
        id: newId('s'),
        title: 'Your details',
        fields: [
          { id: newId('f'), type: 'shortText', label: 'Full name', required: true, autoFillKey: 'name' },
          { id: newId('f'), type: 'email', label: 'Email', required: true, autoFillKey: 'email' },
        ],
      },
    ],
  };
}

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

function withoutBlanks<T extends Record<string, unknown>>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => !isBlank(value))) as T;
}

function cleanField<T extends FormField>(field: T): T {
  const cleaned: Record<string, unknown> = withoutBlanks({ ...field });
  if (cleaned.allowOther === false) delete cleaned.allowOther;
  if (cleaned.validation && typeof cleaned.validation === 'object') {
    const validation = withoutBlanks(cleaned.validation as Record<string, unknown>);
    if (Object.keys(validation).length > 0) cleaned.validation = validation;
    else delete cleaned.validation;
  }
  if (field.type === 'repeatableGroup') cleaned.fields = field.fields.map((sub) => cleanField(sub));
  return cleaned as T;
}

/**
 * The definition as it is saved: empty optional settings left out. The server compares definitions to decide on
 * a new form version, so the same form must always be sent the same way.
 */
export function cleanDefinition(definition: FormDefinition): FormDefinition {
  return {
    sections: definition.sections.map((section) => ({
      ...withoutBlanks({
        id: section.id,
        title: section.title,
        description: section.description,
        showWhen: section.showWhen,
      }),
      title: section.title,
      fields: section.fields.map((field) => cleanField(field)),
    })),
  };
}

export function cleanOpeningInput(input: OpeningInput): OpeningInput {
  return {
    ...input,
    externalLink: input.applyMode === 'external' ? input.externalLink : null,
    form: input.applyMode === 'form' && input.form ? cleanDefinition(input.form) : null,
  };
}

/** Two weeks from now at 17:00 local time: a deadline people rarely need to change much. */
function defaultDeadline(): string {
  const date = new Date();
  date.setDate(date.getDate() + 14);
  date.setHours(17, 0, 0, 0);
  return date.toISOString();
}

export function newOpeningInput(): OpeningInput {
  return {
    title: '',
    kind: 'fullTime',
    description: '',
    locations: [],
    remote: false,
    compensation: null,
    openingsCount: null,
    deadline: defaultDeadline(),
    startDate: null,
    // Published explicitly (issue 40 defect 10): the first save of a half-built form publishes nothing.
    status: 'draft',
    responseCap: null,
    eligibility: { ...EMPTY_ELIGIBILITY },
    applyMode: 'form',
    externalLink: null,
    form: starterForm(),
  };
}

/** The editable part of a saved opening. */
export function openingToInput(opening: Opening): OpeningInput {
  return {
    title: opening.title,
    kind: opening.kind,
    description: opening.description,
    locations: opening.locations,
    remote: opening.remote,
    compensation: opening.compensation,
    openingsCount: opening.openingsCount,
    deadline: opening.deadline,
    startDate: opening.startDate,
    status: opening.status,
    responseCap: opening.responseCap,
    eligibility: opening.eligibility,
    applyMode: opening.applyMode,
    externalLink: opening.externalLink,
    form: opening.form,
  };
}

/**
 * The editor's values as comparable text: keys sorted, unset (undefined) settings left out. Opening a question
 * registers its optional settings as undefined, which must not count as a change.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

/**
 * Sections copied into a form (a template, or questions of an earlier form): every section, question and option
 * gets a fresh id, and the rules' references (a condition's question, its option values) follow them.
 */
export function withFreshIds(sections: readonly FormSection[]): FormSection[] {
  const ids = new Map<string, string>();
  const fresh = (prefix: 's' | 'f' | 'o', id: string) => {
    const next = newId(prefix);
    ids.set(id, next);
    return next;
  };
  const copy = structuredClone(sections) as FormSection[];
  for (const section of copy) {
    section.id = fresh('s', section.id);
    for (const field of section.fields) {
      field.id = fresh('f', field.id);
      if ('options' in field) for (const item of field.options) item.id = fresh('o', item.id);
      if (field.type === 'repeatableGroup') {
        for (const sub of field.fields) {
          sub.id = newId('f');
          if ('options' in sub) for (const item of sub.options) item.id = newId('o');
        }
      }
    }
  }
  const follow = (rule: FormSection['showWhen']) => {
    for (const condition of rule?.conditions ?? []) {
      condition.questionId = ids.get(condition.questionId) ?? condition.questionId;
      if ('value' in condition && typeof condition.value === 'string') {
        condition.value = ids.get(condition.value) ?? condition.value;
      }
      if ('values' in condition) condition.values = condition.values.map((value) => ids.get(value) ?? value);
    }
  };
  for (const section of copy) {
    follow(section.showWhen);
    for (const field of section.fields) follow(field.showWhen);
  }
  return copy;
}
