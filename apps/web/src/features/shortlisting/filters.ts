import { APPLICATION_FILTER_KEYS, type ApplicationFilterInput } from '@placely/contract';

/**
 * The responses view's filter lives in the address under the contract's own field names (`stageId` keeps its
 * older short name `stage`), so a filtered view can be bookmarked and shared, and the same object goes to the list
 * and to "select all matching" moves.
 */
export type FilterValues = Partial<Record<keyof ApplicationFilterInput, string>>;

const paramOf = (key: keyof ApplicationFilterInput) => (key === 'stageId' ? 'stage' : key);

export function filterFromParams(params: URLSearchParams): FilterValues {
  const filter: FilterValues = {};
  for (const key of APPLICATION_FILTER_KEYS) {
    const value = params.get(paramOf(key));
    if (value) filter[key] = value;
  }
  return filter;
}

/** The address with `filter` in place of whatever filter it had (other parameters kept). */
export function withFilter(params: URLSearchParams, filter: FilterValues): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of APPLICATION_FILTER_KEYS) {
    const value = filter[key];
    if (value) next.set(paramOf(key), value);
    else next.delete(paramOf(key));
  }
  return next;
}

/** The filter as the API takes it (numbers stay text; the contract coerces them). */
export function filterBody(filter: FilterValues): ApplicationFilterInput {
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value)) as ApplicationFilterInput;
}

export const hasFilterBeyondStage = (filter: FilterValues) =>
  Object.entries(filter).some(([key, value]) => key !== 'stageId' && Boolean(value));
