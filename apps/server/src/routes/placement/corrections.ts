import type { correctionSchema, z } from '@placely/contract';
import type { cycleEnrolments, cycleRecordCorrections } from '../../db/schema';
import { currentValueOf } from '../../services/placement/enrolment';

/** Every field of a correction request that leaves the server (the cell's list and the student's own). */
export function presentCorrection(row: {
  correction: typeof cycleRecordCorrections.$inferSelect;
  enrolment: typeof cycleEnrolments.$inferSelect;
  name: string | null;
}): z.infer<typeof correctionSchema> {
  const { correction, enrolment } = row;
  return {
    id: correction.id,
    cycleId: correction.cycleId,
    enrolmentId: correction.enrolmentId,
    studentName: row.name,
    email: enrolment.email,
    field: correction.field,
    currentValue: currentValueOf(enrolment, correction.field),
    requestedValue: correction.requestedValue,
    reason: correction.reason,
    status: correction.status,
    decisionNote: correction.decisionNote,
    createdAt: correction.createdAt.toISOString(),
    decidedAt: correction.decidedAt?.toISOString() ?? null,
  };
}
