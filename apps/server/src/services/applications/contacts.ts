import { type Answers, type FormDefinition, isContactField } from '@placely/contract';

/** The contract's rule, re-exported for the server's callers (the summary counts contact questions only). */
export { isContactField };

/**
 * An application's answers without the applicant's contact details (email and phone questions, also inside
 * repeatable groups): what a reviewer sees unless the organization granted them contact details.
 */
export function withoutContactAnswers(answers: Answers, definition: FormDefinition | undefined): Answers {
  if (!definition) return answers;
  const shown: Answers = { ...answers };
  for (const field of definition.sections.flatMap((section) => section.fields)) {
    if (isContactField(field)) {
      delete shown[field.id];
    } else if (field.type === 'repeatableGroup' && Array.isArray(shown[field.id])) {
      const hidden = field.fields.filter(isContactField).map((sub) => sub.id);
      if (hidden.length === 0) continue;
      shown[field.id] = (shown[field.id] as Record<string, unknown>[]).map((row) =>
        Object.fromEntries(Object.entries(row).filter(([key]) => !hidden.includes(key))),
      ) as Answers[string];
    }
  }
  return shown;
}
