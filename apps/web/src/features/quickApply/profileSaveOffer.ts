import { type Answers, type FormField, isProfileSaveKey } from '@placely/contract';
import { coerceLeafValue, isEmptyValue, sameValue } from './formValues';

/** Question types whose answer reads as a profile value (text, or an option's label). */
const SAVABLE_TYPES: ReadonlySet<FormField['type']> = new Set([
  'shortText',
  'paragraph',
  'email',
  'phone',
  'url',
  'singleChoice',
  'dropdown',
  'multipleChoice',
]);

const trimmedText = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

/**
 * Whether "Save to my profile too" is offered under a question: it maps to a profile field or section, and its
 * answer says something the profile does not (changed from what the profile filled in, or the profile had nothing).
 * Without zod: the form's first load runs it.
 */
export function offersProfileSave(field: FormField, value: unknown, profilePrefill: Answers): boolean {
  if (field.type === 'repeatableGroup' || !isProfileSaveKey(field.autoFillKey) || !SAVABLE_TYPES.has(field.type)) {
    return false;
  }
  // Several options make a list: only skills are a list on the profile.
  if (field.type === 'multipleChoice' && field.autoFillKey !== 'skills') return false;
  if (isEmptyValue(value) || (typeof value === 'string' && value.trim() === '')) return false;
  return !sameValue(trimmedText(value), trimmedText(coerceLeafValue(field, profilePrefill[field.id])));
}
