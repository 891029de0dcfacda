/**
 * Query keys of the pipeline. Moving candidates changes the responses list too, whose keys live with the openings
 * feature under ['organization', 'openings']; `responsesRoot` names that root so a move refreshes it without
 * importing the other feature. The board's columns live under it too (`board`), so every move refreshes them.
 */
export const shortlistingKeys = {
  all: ['organization', 'shortlisting'] as const,
  pipeline: (openingId: string) => [...shortlistingKeys.all, 'pipeline', openingId] as const,
  history: (openingId: string, applicationId: string) =>
    [...shortlistingKeys.all, 'history', openingId, applicationId] as const,
  candidate: (openingId: string, applicationId: string) =>
    [...shortlistingKeys.all, 'candidate', openingId, applicationId] as const,
  notes: (openingId: string, applicationId: string) =>
    [...shortlistingKeys.all, 'notes', openingId, applicationId] as const,
  tags: () => [...shortlistingKeys.all, 'tags'] as const,
  templatesRoot: ['organization', 'shortlisting', 'templates'] as const,
  templates: (page: number) => [...shortlistingKeys.all, 'templates', page] as const,
  messagesRoot: ['organization', 'shortlisting', 'messages'] as const,
  messages: (openingId: string, applicationId: string) =>
    [...shortlistingKeys.all, 'messages', openingId, applicationId] as const,
  criteria: (openingId: string) => [...shortlistingKeys.all, 'criteria', openingId] as const,
  ratings: (openingId: string, applicationId: string) =>
    [...shortlistingKeys.all, 'ratings', openingId, applicationId] as const,
  recipe: (openingId: string) => [...shortlistingKeys.all, 'recipe', openingId] as const,
  /** The offers made on an opening's applications (under `all`, so every move and offer refreshes them). */
  offers: (openingId: string) => [...shortlistingKeys.all, 'offers', openingId] as const,
  rankingRoot: (openingId: string) => [...shortlistingKeys.all, 'ranking', openingId] as const,
  ranking: (openingId: string, query: object) => [...shortlistingKeys.all, 'ranking', openingId, query] as const,
  responsesRoot: ['organization', 'openings'] as const,
  board: (openingId: string, stageId: string, filter: Record<string, string | undefined>) =>
    [...shortlistingKeys.responsesRoot, 'board', openingId, stageId, filter] as const,
};
