import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MembershipKind } from '../kinds';

/**
 * A membership write: runs `call` and refreshes every query of the kind when it settles (counts, lists and the
 * caller's standing all change together). `silent` leaves error messages to the caller (forms show them inline).
 */
export function useCircleMutation<V, R>(kind: MembershipKind, call: (variables: V) => Promise<R>, silent = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    ...(silent ? { meta: { silent: true } } : {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: kind.queryRoot }),
  });
}
