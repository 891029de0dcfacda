/** Query keys of video tasks; answering and reviewing keys share the root so a change refreshes both. */
export const videoTaskKeys = {
  all: ['videoTasks'] as const,
  page: (taskId: string, viewer: number | 'anonymous') => [...videoTaskKeys.all, 'page', taskId, viewer] as const,
  pending: () => [...videoTaskKeys.all, 'pending'] as const,
  ofOpening: (openingId: string) => [...videoTaskKeys.all, 'opening', openingId] as const,
  answers: (taskId: string) => [...videoTaskKeys.all, 'answers', taskId] as const,
  answer: (answerId: string) => [...videoTaskKeys.all, 'answer', answerId] as const,
};
