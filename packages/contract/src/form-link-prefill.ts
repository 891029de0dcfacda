import { type Answers, answerSchemaForField, type FormDefinition, type LeafField } from './form';
import { LINK_PREFILL_LIMITS } from './form-link';
import { fieldsOf, OTHER_OPTION_ID } from './form-rules';

export * from './form-link';

export interface LinkPrefillIgnored {
  questionId: string;
  /** The question's label, or null when the link names no question of this form. */
  label: string | null;
  reason: string;
}

export interface LinkPrefill {
  /** Answers in the stored shape, keyed by question id (only values that passed validation). */
  answers: Answers;
  ignored: LinkPrefillIgnored[];
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** An option by its id or (case-insensitively) its label. */
function optionOf(field: { options: { id: string; label: string }[] }, text: string) {
  return field.options.find((option) => option.id === text) ?? field.options.find((option) => same(option.label, text));
}

/** Typed text as the question's answer shape, or undefined when it cannot be read as one. */
function typedValueOf(field: LeafField, text: string): unknown {
  const trimmed = text.trim();
  switch (field.type) {
    case 'number':
    case 'linearScale': {
      if (!/^-?\d+(\.\d+)?$/.test(trimmed)) return undefined;
      return Number(trimmed);
    }
    case 'yesNo':
      if (['yes', 'true', '1'].includes(trimmed.toLowerCase())) return true;
      if (['no', 'false', '0'].includes(trimmed.toLowerCase())) return false;
      return undefined;
    case 'singleChoice':
    case 'dropdown': {
      const option = optionOf(field, trimmed);
      if (option) return { optionId: option.id };
      if (field.type === 'singleChoice' && field.allowOther && trimmed) {
        return { optionId: OTHER_OPTION_ID, otherText: trimmed };
      }
      return undefined;
    }
    case 'multipleChoice': {
      const ids: string[] = [];
      for (const part of trimmed.split(',')) {
        if (!part.trim()) continue;
        const option = optionOf(field, part);
        if (!option) return undefined;
        if (!ids.includes(option.id)) ids.push(option.id);
      }
      return { optionIds: ids };
    }
    case 'fileUpload':
      return undefined;
    default:
      return trimmed;
  }
}

/**
 * The answers a link pre-fills: top-level questions only (not a file, not a repeatable group's rows), each value
 * converted to the question's type and validated as a required answer would be.
 */
export function linkPrefillAnswers(definition: FormDefinition, pairs: [string, string][]): LinkPrefill {
  const fields = new Map(fieldsOf(definition).map((field) => [field.id, field]));
  const answers: Answers = {};
  const ignored: LinkPrefillIgnored[] = [];
  for (const [questionId, text] of pairs) {
    const field = fields.get(questionId);
    if (!field) {
      ignored.push({ questionId, label: null, reason: 'This form has no such question' });
      continue;
    }
    if (field.type === 'repeatableGroup' || field.type === 'fileUpload') {
      ignored.push({ questionId, label: field.label, reason: 'This question cannot be filled in from a link' });
      continue;
    }
    const value = text.length > LINK_PREFILL_LIMITS.value ? undefined : typedValueOf(field, text);
    const checked = value === undefined ? null : answerSchemaForField({ ...field, required: true }).safeParse(value);
    if (!checked?.success) {
      const reason = checked?.error.issues[0]?.message ?? 'Not a valid answer to this question';
      ignored.push({ questionId, label: field.label, reason });
      continue;
    }
    answers[questionId] = checked.data as Answers[string];
  }
  return { answers, ignored };
}
