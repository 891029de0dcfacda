import type { FormCondition, FormDefinition, FormField, ShowWhen } from './form';
import { fieldsOf, OTHER_OPTION_ID } from './form-rules';

// Conditional logic: which questions and sections a set of answers shows. Without zod, so the public form's first
// load evaluates the rules before the schemas arrive; the server's answersSchemaFor runs the same functions, so the
// browser and the server never disagree on what was shown.

export const CONDITION_OPERATORS = [
  'equals',
  'isOneOf',
  'contains',
  'isAnswered',
  'atLeast',
  'atMost',
  'between',
  'before',
  'after',
] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

type FieldType = FormField['type'];
const TEXT_TYPES: readonly FieldType[] = ['shortText', 'paragraph', 'email', 'phone', 'url'];
const CHOICE_TYPES: readonly FieldType[] = ['singleChoice', 'dropdown'];
const NUMBER_TYPES: readonly FieldType[] = ['number', 'linearScale'];

/** The operators a rule may apply to a question of `type` (the builder offers these, the schema allows only these). */
export function operatorsFor(type: FieldType): ConditionOperator[] {
  if (TEXT_TYPES.includes(type)) return ['equals', 'isOneOf', 'contains', 'isAnswered'];
  if (CHOICE_TYPES.includes(type)) return ['equals', 'isOneOf', 'isAnswered'];
  if (type === 'multipleChoice') return ['contains', 'isOneOf', 'isAnswered'];
  if (type === 'yesNo') return ['equals', 'isAnswered'];
  if (NUMBER_TYPES.includes(type)) return ['equals', 'atLeast', 'atMost', 'between', 'isAnswered'];
  if (type === 'date') return ['equals', 'before', 'after', 'isAnswered'];
  return ['isAnswered'];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const normalText = (value: unknown): string | null => {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const text = value.trim().toLowerCase();
  return text === '' ? null : text;
};

/** A number answer as typed or stored: a number, or the text of a finished one. */
const numberOf = (value: unknown): number | null => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const number = Number(value);
    return Number.isFinite(number) ? number : null;
  }
  return null;
};

const dateOf = (value: unknown): string | null =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value.trim()) ? value.trim() : null;

/** The option ids an answer holds (single and multiple choice; none for an unanswered one). */
const chosenOf = (value: unknown): string[] => {
  if (!isRecord(value)) return [];
  if (typeof value.optionId === 'string') return [value.optionId];
  if (Array.isArray(value.optionIds)) return value.optionIds.filter((id): id is string => typeof id === 'string');
  return [];
};

/** Whether an answer counts as given: empty text, no choice, no rows and an unfinished number do not. */
export function isAnswered(field: FormField, value: unknown): boolean {
  if (value === null || value === undefined) return false;
  switch (field.type) {
    case 'repeatableGroup':
      return Array.isArray(value) && value.length > 0;
    case 'singleChoice':
    case 'dropdown':
    case 'multipleChoice':
      return chosenOf(value).length > 0;
    case 'yesNo':
      return typeof value === 'boolean';
    case 'number':
    case 'linearScale':
      return numberOf(value) !== null;
    case 'date':
      return dateOf(value) !== null;
    case 'fileUpload':
      return isRecord(value) && typeof value.fileId === 'string';
    default:
      return normalText(value) !== null;
  }
}

/** Whether one condition holds for the answer `value` of the question it points at. */
export function conditionHolds(condition: FormCondition, field: FormField, value: unknown): boolean {
  if (condition.operator === 'isAnswered') return isAnswered(field, value);
  if (!isAnswered(field, value)) return false;
  switch (condition.operator) {
    case 'equals': {
      const wanted = condition.value;
      if (field.type === 'yesNo') return value === wanted;
      if (CHOICE_TYPES.includes(field.type)) return chosenOf(value)[0] === wanted;
      if (NUMBER_TYPES.includes(field.type)) return numberOf(value) === numberOf(wanted);
      if (field.type === 'date') return dateOf(value) === wanted;
      return normalText(value) === normalText(wanted);
    }
    case 'isOneOf': {
      if (CHOICE_TYPES.includes(field.type) || field.type === 'multipleChoice') {
        return chosenOf(value).some((id) => condition.values.includes(id));
      }
      const text = normalText(value);
      return condition.values.some((candidate) => normalText(candidate) === text);
    }
    case 'contains':
      if (field.type === 'multipleChoice') return chosenOf(value).includes(condition.value);
      return (normalText(value) ?? '').includes(normalText(condition.value) ?? '');
    case 'atLeast':
      return (numberOf(value) as number) >= condition.value;
    case 'atMost':
      return (numberOf(value) as number) <= condition.value;
    case 'between': {
      const number = numberOf(value) as number;
      return number >= condition.min && number <= condition.max;
    }
    case 'before':
      return (dateOf(value) as string) < condition.value;
    case 'after':
      return (dateOf(value) as string) > condition.value;
  }
}

export interface FormVisibility {
  /** Sections whose rule does not hold: they and every question in them are hidden. */
  hiddenSections: ReadonlySet<string>;
  /** Top-level questions hidden by their own rule or their section's. */
  hiddenFields: ReadonlySet<string>;
}

const NOTHING_HIDDEN: FormVisibility = { hiddenSections: new Set(), hiddenFields: new Set() };

/** Whether any section or question of the definition has a rule. */
export function hasLogic(definition: FormDefinition): boolean {
  return definition.sections.some((section) => section.showWhen || section.fields.some((field) => field.showWhen));
}

/**
 * What `answers` show of `definition`. Rules point only at earlier questions, so one pass in form order decides each
 * question with its predecessors already decided; a hidden question counts as unanswered for the rules after it (its
 * answer is dropped), so a chain of rules hides everything that hangs on a hidden question.
 */
export function visibilityOf(definition: FormDefinition, answers: Readonly<Record<string, unknown>>): FormVisibility {
  if (!hasLogic(definition)) return NOTHING_HIDDEN;
  const byId = new Map(fieldsOf(definition).map((field) => [field.id, field]));
  const hiddenSections = new Set<string>();
  const hiddenFields = new Set<string>();
  const holds = (rule: ShowWhen) => {
    const test = (condition: FormCondition) => {
      const field = byId.get(condition.questionId);
      if (!field) return false;
      const value = hiddenFields.has(field.id) ? undefined : answers[field.id];
      return conditionHolds(condition, field, value);
    };
    return rule.match === 'all' ? rule.conditions.every(test) : rule.conditions.some(test);
  };
  for (const section of definition.sections) {
    const sectionHidden = section.showWhen !== undefined && !holds(section.showWhen);
    if (sectionHidden) hiddenSections.add(section.id);
    for (const field of section.fields) {
      if (sectionHidden || (field.showWhen !== undefined && !holds(field.showWhen))) hiddenFields.add(field.id);
    }
  }
  return { hiddenSections, hiddenFields };
}

/**
 * The answers without those of hidden questions, and which questions had an answer that is dropped (the applicant
 * is told before they submit). Answers of questions the form does not have are left for the schema to refuse.
 */
export function withoutHiddenAnswers<T extends Record<string, unknown>>(
  definition: FormDefinition,
  answers: T,
): { answers: T; dropped: string[] } {
  const { hiddenFields } = visibilityOf(definition, answers);
  if (hiddenFields.size === 0) return { answers, dropped: [] };
  const kept: Record<string, unknown> = {};
  const dropped: string[] = [];
  const byId = new Map(fieldsOf(definition).map((field) => [field.id, field]));
  for (const [id, value] of Object.entries(answers)) {
    if (!hiddenFields.has(id)) kept[id] = value;
    else if (isAnswered(byId.get(id) as FormField, value)) dropped.push(id);
  }
  return { answers: kept as T, dropped };
}

/* ---------- A rule in words ---------- */

const OPERATOR_WORDS: Record<ConditionOperator, string> = {
  equals: 'is',
  isOneOf: 'is one of',
  contains: 'includes',
  isAnswered: 'is answered',
  atLeast: 'is at least',
  atMost: 'is at most',
  between: 'is between',
  before: 'is before',
  after: 'is after',
};

/** The label a rule shows for an operator on a question of `type` ("contains" reads "includes" for choices). */
export function operatorLabel(operator: ConditionOperator, type?: FieldType): string {
  if (operator === 'contains' && type && TEXT_TYPES.includes(type)) return 'contains';
  if (operator === 'isOneOf' && type === 'multipleChoice') return 'includes any of';
  return OPERATOR_WORDS[operator];
}

function listInWords(items: string[], joiner: 'and' | 'or'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${joiner} ${items[items.length - 1]}`;
}

function valueInWords(field: FormField | undefined, value: string | number | boolean): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (field && 'options' in field) {
    if (value === OTHER_OPTION_ID) return 'Other';
    const option = field.options.find((o) => o.id === value);
    if (option) return option.label;
  }
  return typeof value === 'string' && field && TEXT_TYPES.includes(field.type) ? `“${value}”` : String(value);
}

/** One condition in words: `Willing to relocate is Yes`. A question no longer in the form reads "a removed question". */
export function conditionInWords(condition: FormCondition, fields: readonly FormField[]): string {
  const field = fields.find((f) => f.id === condition.questionId);
  const subject = field ? field.label || 'an unnamed question' : 'a removed question';
  const verb = operatorLabel(condition.operator, field?.type);
  switch (condition.operator) {
    case 'isAnswered':
      return `${subject} ${verb}`;
    case 'isOneOf':
      return `${subject} ${verb} ${listInWords(
        condition.values.map((v) => valueInWords(field, v)),
        'or',
      )}`;
    case 'between':
      return `${subject} ${verb} ${condition.min} and ${condition.max}`;
    default:
      return `${subject} ${verb} ${valueInWords(field, condition.value)}`;
  }
}

/** A whole rule in words: `Shown when Willing to relocate is Yes and CGPA is at least 7`. */
export function ruleInWords(rule: ShowWhen, fields: readonly FormField[]): string {
  const parts = rule.conditions.map((condition) => conditionInWords(condition, fields));
  return `Shown when ${listInWords(parts, rule.match === 'all' ? 'and' : 'or')}`;
}

/* ---------- Checking rules in the builder and the schema ---------- */

export interface RuleProblem {
  path: (string | number)[];
  message: string;
}

const optionIdsOf = (field: FormField): Set<string> | null => {
  if (!('options' in field)) return null;
  const ids = new Set(field.options.map((o) => o.id));
  if ('allowOther' in field && field.allowOther) ids.add(OTHER_OPTION_ID);
  return ids;
};

function conditionProblem(condition: FormCondition, target: FormField): RuleProblem | null {
  if (!operatorsFor(target.type).includes(condition.operator)) {
    return {
      path: ['operator'],
      message: `“${operatorLabel(condition.operator)}” does not apply to this kind of question`,
    };
  }
  const options = optionIdsOf(target);
  const badOption = (id: unknown) => options !== null && (typeof id !== 'string' || !options.has(id));
  switch (condition.operator) {
    case 'equals': {
      const value = condition.value;
      if (target.type === 'yesNo' && typeof value !== 'boolean')
        return { path: ['value'], message: 'Choose Yes or No' };
      if (NUMBER_TYPES.includes(target.type) && typeof value !== 'number') {
        return { path: ['value'], message: 'Enter a number' };
      }
      if (target.type === 'date' && (typeof value !== 'string' || dateOf(value) === null)) {
        return { path: ['value'], message: 'Enter a date (YYYY-MM-DD)' };
      }
      if (TEXT_TYPES.includes(target.type) && typeof value !== 'string') {
        return { path: ['value'], message: 'Enter a text' };
      }
      if (badOption(value))
        return { path: ['value'], message: 'This option is no longer in the question: choose another' };
      return null;
    }
    case 'isOneOf':
      return condition.values.some(badOption)
        ? { path: ['values'], message: 'An option this rule names is no longer in the question: choose again' }
        : null;
    case 'contains':
      return badOption(condition.value)
        ? { path: ['value'], message: 'This option is no longer in the question: choose another' }
        : null;
    default:
      return null;
  }
}

/**
 * Why the definition's rules cannot be kept, each at the rule's path: a rule may point only at an earlier top-level
 * question (a section's rule, at a question of an earlier section), never at itself, a later question or one that
 * was deleted, with an operator and values that fit that question. Sub-questions of a repeatable group have no rules.
 */
export function ruleProblemsOf(definition: FormDefinition): RuleProblem[] {
  const problems: RuleProblem[] = [];
  const position = new Map<string, { order: number; section: number; field: FormField }>();
  let order = 0;
  definition.sections.forEach((section, s) => {
    for (const field of section.fields) position.set(field.id, { order: order++, section: s, field });
  });
  const check = (
    rule: ShowWhen,
    at: (string | number)[],
    isEarlier: (target: { order: number; section: number }) => boolean,
  ) => {
    rule.conditions.forEach((condition, c) => {
      const here = [...at, 'showWhen', 'conditions', c];
      const target = position.get(condition.questionId);
      if (!target) {
        problems.push({
          path: [...here, 'questionId'],
          message:
            'This rule points to a question that is no longer in the form: choose another or remove the condition',
        });
        return;
      }
      if (!isEarlier(target)) {
        problems.push({
          path: [...here, 'questionId'],
          message: `A rule can only look at earlier questions: move “${target.field.label}” above this one, or choose another`,
        });
        return;
      }
      const problem = conditionProblem(condition, target.field);
      if (problem) problems.push({ path: [...here, ...problem.path], message: problem.message });
    });
  };
  let index = 0;
  definition.sections.forEach((section, s) => {
    if (section.showWhen) check(section.showWhen, ['sections', s], (target) => target.section < s);
    section.fields.forEach((field, f) => {
      const mine = index++;
      if (field.showWhen) check(field.showWhen, ['sections', s, 'fields', f], (target) => target.order < mine);
      if (field.type === 'repeatableGroup') {
        field.fields.forEach((sub, k) => {
          if (sub.showWhen) {
            problems.push({
              path: ['sections', s, 'fields', f, 'fields', k, 'showWhen'],
              message: 'Rules apply to whole questions: set it on the group instead',
            });
          }
        });
      }
    });
  });
  return problems;
}
