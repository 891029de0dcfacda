import type {
  EducationEntry,
  ExperienceEntry,
  OtherEntry,
  PlacementEntry,
  ProjectEntry,
  SkillEntry,
} from '@placely/contract';
import type {
  educationEntries,
  experienceEntries,
  otherEntries,
  placementEntries,
  projectEntries,
  skills,
} from '../db/schema';

export const presentEducation = (row: typeof educationEntries.$inferSelect, verified: boolean): EducationEntry => ({
  id: row.id,
  institutionId: row.institutionId,
  institutionName: row.institutionName,
  degree: row.degree,
  fieldOfStudy: row.fieldOfStudy,
  startMonth: row.startMonth,
  endMonth: row.endMonth,
  isCurrent: row.isCurrent,
  grade: row.grade,
  gradeScale: row.gradeScale,
  currentBacklogs: row.currentBacklogs,
  rollNumber: row.rollNumber,
  verified,
});

export const presentExperience = (row: typeof experienceEntries.$inferSelect, verified: boolean): ExperienceEntry => ({
  id: row.id,
  organization: row.organization,
  title: row.title,
  kind: row.kind,
  location: row.location,
  startMonth: row.startMonth,
  endMonth: row.endMonth,
  isCurrent: row.isCurrent,
  description: row.description,
  verified,
});

export const presentProject = (row: typeof projectEntries.$inferSelect): ProjectEntry => ({
  id: row.id,
  title: row.title,
  role: row.role,
  startMonth: row.startMonth,
  endMonth: row.endMonth,
  isCurrent: row.isCurrent,
  description: row.description,
  technologies: row.technologies,
  link: row.link,
});

export const presentOther = (row: typeof otherEntries.$inferSelect, verified: boolean): OtherEntry => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  issuer: row.issuer,
  month: row.month,
  link: row.link,
  description: row.description,
  verified,
});

export const presentPlacement = (row: typeof placementEntries.$inferSelect, verified: boolean): PlacementEntry => ({
  id: row.id,
  organization: row.organization,
  role: row.role,
  offerKind: row.offerKind,
  compensation: row.compensation,
  currency: row.currency,
  month: row.month,
  status: row.status,
  verified: verified || row.verifiedByOrganizationId !== null,
  verifiedByOrganization:
    row.verifiedByOrganizationId !== null ? { id: String(row.verifiedByOrganizationId), name: row.organization } : null,
});

export const presentSkill = (row: typeof skills.$inferSelect): SkillEntry => ({
  id: row.id,
  name: row.name,
  level: row.level,
});
