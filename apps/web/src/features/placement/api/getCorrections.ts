import type { CorrectionStatus, correctionListSchema, z } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { placementKeys } from './keys';

/** GET /api/placement/corrections?cycleId=&status=: students' requests to correct a locked value. */
export const fetchCorrections = (cycleId: string, status?: CorrectionStatus) =>
  apiData<z.infer<typeof correctionListSchema>>('/api/placement/corrections', { query: { cycleId, status } });
export const useCorrections = (cycleId: string, status?: CorrectionStatus) =>
  useQuery({ queryKey: placementKeys.corrections(cycleId, status), queryFn: () => fetchCorrections(cycleId, status) });
