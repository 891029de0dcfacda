import type { InstitutionRole } from '@placely/contract';
import type { Actor } from '../auth/authenticate';

/** The caller's standing at one institution. */
export interface InstitutionAccess {
  institutionId: number;
  role: InstitutionRole | null;
  isPlatformAdmin: boolean;
}

export const isInstitutionRoot = (access: InstitutionAccess) => access.role === 'root';

/** The platform verification admins (VERIFICATION_ADMIN_EMAILS) add institutions to the platform. */
export interface PlatformStanding {
  isPlatformAdmin: boolean;
}

export const institutionPolicy = {
  'institution.create': (_actor: Actor, standing: PlatformStanding) =>
    standing.isPlatformAdmin || 'Only platform verification admins can add institutions.',
  'institution.update': (_actor: Actor, access: InstitutionAccess) =>
    isInstitutionRoot(access) || "Only the institution's root can change its details.",
  /** Roots hand out roles; platform verification admins appoint the first root. */
  'institution.grantRole': (_actor: Actor, access: InstitutionAccess) =>
    isInstitutionRoot(access) ||
    access.isPlatformAdmin ||
    "Only the institution's root or a platform verification admin can change its roles.",
  'institution.listRoles': (_actor: Actor, access: InstitutionAccess) =>
    isInstitutionRoot(access) ||
    access.isPlatformAdmin ||
    "Only the institution's root or a platform verification admin can see who holds its roles.",
} as const;
