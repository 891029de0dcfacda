import { type FormDefinition, type LinkPrefill, linkPrefillParams } from '@placely/contract';
import { use } from 'react';
import { useSearchParams } from 'react-router';

const NONE: LinkPrefill = { answers: {}, ignored: [] };
const pending = new Map<string, Promise<LinkPrefill>>();

/**
 * What the address's `?prefill[questionId]=value` fills in (issue 43), validated like any answer by the contract
 * (`linkPrefillAnswers`, loaded with its schemas only when there are such values). Suspends while that loads, on the
 * server's render too, so the server-rendered page shows the same notice.
 */
export function useLinkPrefill(definition: FormDefinition | null | undefined): LinkPrefill {
  const [search] = useSearchParams();
  const pairs = linkPrefillParams(search);
  if (!definition || pairs.length === 0) return NONE;
  const key = JSON.stringify([definition, pairs]);
  let promise = pending.get(key);
  if (!promise) {
    promise = import('./linkPrefill').then((module) => module.linkPrefillAnswers(definition, pairs));
    if (pending.size > 20) pending.clear();
    pending.set(key, promise);
  }
  return use(promise);
}
