import {
  type Answers,
  type FormDefinition,
  fieldsOf,
  type LeafField,
  OTHER_OPTION_ID,
  type ProfileSaveKey,
  type SaveToProfileInput,
} from '@placely/contract';

const splitList = (text: string) => text.split(/[,;\n]/).map((item) => item.trim());

function labelsOf(field: LeafField, value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null || field.type === 'fileUpload') return [];
  const options = 'options' in field ? field.options : [];
  const record = value as { optionId?: unknown; optionIds?: unknown; otherText?: unknown };
  const otherText = typeof record.otherText === 'string' ? record.otherText : '';
  const ids = Array.isArray(record.optionIds) ? record.optionIds : [record.optionId];
  return ids.flatMap((id) =>
    id === OTHER_OPTION_ID ? [otherText] : options.filter((option) => option.id === id).map((option) => option.label),
  );
}

/** What an answer gives its profile field: text, or for skills a list of names (typed ones split at commas). */
export function profileValueOf(field: LeafField, value: unknown): string | string[] | undefined {
  const labels = labelsOf(field, value);
  if (field.autoFillKey === 'skills') {
    const seen = new Set<string>();
    const names = labels.flatMap(splitList).filter((name) => {
      const folded = name.toLowerCase();
      if (name === '' || seen.has(folded)) return false;
      seen.add(folded);
      return true;
    });
    return names.length > 0 ? names : undefined;
  }
  const text = labels.join(', ').trim();
  return text === '' ? undefined : text;
}

/**
 * The chosen answers (questions `offersProfileSave` offered) as the apply body's `saveToProfile`, the first question
 * of a key winning. The server holds each value to its profile field's rules and names the key when one does not fit.
 * Without zod: the chunk loads at the first submit that saves something.
 */
export function saveToProfileOf(
  definition: FormDefinition,
  answers: Answers,
  chosenFieldIds: readonly string[],
): SaveToProfileInput {
  const saveToProfile: Partial<Record<ProfileSaveKey, string | string[]>> = {};
  for (const field of fieldsOf(definition)) {
    if (field.type === 'repeatableGroup' || !field.autoFillKey || !chosenFieldIds.includes(field.id)) continue;
    const key = field.autoFillKey as ProfileSaveKey;
    const value = profileValueOf(field, answers[field.id]);
    if (value !== undefined && saveToProfile[key] === undefined) saveToProfile[key] = value;
  }
  return saveToProfile as SaveToProfileInput;
}
