/** Query keys of the rounds feature. */
export const roundKeys = {
  mine: ['rounds', 'mine'] as const,
  day: (roundId: string, date: string, timeZone: string) => ['rounds', 'day', roundId, date, timeZone] as const,
  ofOpening: (openingId: string) => ['rounds', 'opening', openingId] as const,
  one: (roundId: string) => ['rounds', 'one', roundId] as const,
  scorecards: (roundId: string, applicationId: string) => ['rounds', 'scorecards', roundId, applicationId] as const,
  panelLinks: (roundId: string) => ['rounds', 'panelLinks', roundId] as const,
  panelView: (link: string) => ['rounds', 'panelView', link] as const,
};
