/** Query keys of the placement season: every key starts with 'placement', so a change can refresh the whole area. */
export const placementKeys = {
  all: ['placement'] as const,
  cells: ['placement', 'cells'] as const,
  cycles: (institutionId: number) => ['placement', 'cycles', institutionId] as const,
  cycle: (cycleId: string) => ['placement', 'cycle', cycleId] as const,
  enrolments: (cycleId: string, filters: Record<string, unknown>) =>
    ['placement', 'cycle', cycleId, 'enrolments', filters] as const,
  corrections: (cycleId: string, status?: string) => ['placement', 'cycle', cycleId, 'corrections', status] as const,
  companies: (cycleId: string) => ['placement', 'cycle', cycleId, 'companies'] as const,
  cycleOpenings: (cycleId: string) => ['placement', 'cycle', cycleId, 'openings'] as const,
  branches: (institutionId: number) => ['placement', 'branches', institutionId] as const,
  adminGroups: ['placement', 'verification-groups'] as const,
  company: ['placement', 'company'] as const,
  companyCycles: ['placement', 'company', 'cycles'] as const,
  companyOpenings: (cycleId?: string) => ['placement', 'company', 'openings', cycleId ?? null] as const,
  ownOpenings: ['placement', 'company', 'own-openings'] as const,
  joinPreview: (token: string) => ['placement', 'join', token] as const,
  myCycles: ['placement', 'my', 'cycles'] as const,
  myCycle: (cycleId: string) => ['placement', 'my', 'cycle', cycleId] as const,
};
