// Zod-free on purpose: the form page's first load reads the address with it (the answers are checked by
// form-link-prefill.ts, in a chunk of its own).

/**
 * Pre-fill by link (issue 43): `/forms/{id}?prefill[questionId]=value` fills a question of the form — a campaign
 * source, a referral code — for whoever opens the link. Each value is read as the question's type reads typed text
 * and then validated like any answer (the contract's `answerSchemaForField`); a value that does not fit, or names no
 * question, is ignored with a notice, never an error.
 */
export const LINK_PREFILL_LIMITS = {
  /** Parameters read from one address (the rest are ignored). */
  params: 50,
  /** Characters of one value. */
  value: 2000,
} as const;

const PARAM = /^prefill\[([A-Za-z0-9_-]{1,64})\]$/;

/** The `prefill[questionId]=value` pairs of an address's query, in order (zod-free: the first load reads it). */
export function linkPrefillParams(search: URLSearchParams): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [key, value] of search) {
    const match = PARAM.exec(key);
    if (match?.[1] && pairs.length < LINK_PREFILL_LIMITS.params) pairs.push([match[1], value]);
  }
  return pairs;
}

/** Only the address's pre-fill parameters, as a query string ('' when there are none), for server rendering. */
export function linkPrefillSearch(search: URLSearchParams): string {
  const pairs = linkPrefillParams(search);
  if (pairs.length === 0) return '';
  const kept = new URLSearchParams(pairs.map(([id, value]): [string, string] => [`prefill[${id}]`, value]));
  return `?${kept}`;
}
