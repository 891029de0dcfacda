import { createContext, useCallback, useContext } from 'react';
import { useFormContext } from 'react-hook-form';

export interface BuilderState {
  isExpanded: (key: string) => boolean;
  setExpanded: (key: string, open: boolean) => void;
  /** Focuses the input registered at `path` once it has rendered (a new or just-expanded field). */
  focusLater: (path: string, select?: boolean) => void;
}

export const BuilderContext = createContext<BuilderState | null>(null);

export function useBuilder(): BuilderState {
  const state = useContext(BuilderContext);
  if (!state) throw new Error('useBuilder outside FormBuilder');
  return state;
}

export function arrayMove<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/**
 * Structural edits of the form definition (add, move, duplicate, delete): the array at `path` is replaced as a
 * whole. Errors are keyed by index, so after a submit the form is validated again; before one, stale errors go.
 */
export function useStructure() {
  const { getValues, setValue, clearErrors, trigger, formState } = useFormContext();
  const list = useCallback(<T>(path: string): T[] => (getValues(path) as T[] | undefined) ?? [], [getValues]);
  const replace = useCallback(
    (path: string, next: unknown) => {
      setValue(path, next, { shouldDirty: true });
      if (formState.isSubmitted) void trigger('form');
      else clearErrors('form');
    },
    [setValue, clearErrors, trigger, formState],
  );
  return { list, replace };
}
