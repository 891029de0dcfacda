/** Query keys of the rounds feature. */
export const roundKeys = {
  mine: ['rounds', 'mine'] as const,
  day: (roundId: string, date: string, timeZone: string) => ['rounds', 'day', roundId, date, timeZone] as const,
};
