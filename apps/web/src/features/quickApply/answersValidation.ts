import { zodResolver } from '@hookform/resolvers/zod';
import { answersSchemaFor, type FormDefinition } from '@placely/contract';
import type { FieldValues, Resolver } from 'react-hook-form';

export type AnswersValidation = { ok: true; resolver: Resolver<FieldValues> } | { ok: false; message: string };

/**
 * The form's validation: the contract's `answersSchemaFor(definition)` — the schema the server applies — as a
 * react-hook-form resolver, or why the definition cannot be shown (e.g. a pattern that is no regular expression).
 * Its own chunk (with zod and the contract's schemas): QuickApplyForm loads it when the form first renders, so a
 * person can start typing before it has arrived.
 */
export function answersValidationFor(definition: FormDefinition): AnswersValidation {
  try {
    // biome-ignore lint/suspicious/noExplicitAny: the schema is built at run time from the definition
    return { ok: true, resolver: zodResolver(answersSchemaFor(definition) as any) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
