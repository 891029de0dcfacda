import type { IndividualProfile, OrganizationProfile, PhoneNumber, ProfileDetails } from '@placely/contract';
import type { individualProfiles, organizationProfiles, phoneNumbers } from '../db/schema';

export function presentPhoneNumber(row: typeof phoneNumbers.$inferSelect): PhoneNumber {
  return {
    number: row.number,
    isVerified: row.isVerified,
    isPrimary: row.isPrimary,
    date: row.date.toISOString(),
    isDeleted: row.isDeleted,
  };
}

export function presentIndividualProfile(row: typeof individualProfiles.$inferSelect): IndividualProfile {
  return {
    name: row.name,
    headline: row.headline,
    about: row.about,
    location: row.location,
    dateOfBirth: row.dateOfBirth,
    photo: row.photo,
    linkedin: row.linkedin,
    github: row.github,
    website: row.website,
  };
}

export function presentOrganizationProfile(row: typeof organizationProfiles.$inferSelect): OrganizationProfile {
  return {
    name: row.name,
    logo: row.logo,
    website: row.website,
    industry: row.industry,
    size: row.size as OrganizationProfile['size'],
    about: row.about,
    locations: row.locations,
    contactEmail: row.contactEmail,
  };
}

export function presentProfileDetails(parts: {
  phoneNumbers: (typeof phoneNumbers.$inferSelect)[];
  individual: typeof individualProfiles.$inferSelect | undefined;
  organization: typeof organizationProfiles.$inferSelect | undefined;
}): ProfileDetails {
  return {
    phoneNumbers: parts.phoneNumbers.map(presentPhoneNumber),
    individual: parts.individual ? presentIndividualProfile(parts.individual) : null,
    organization: parts.organization ? presentOrganizationProfile(parts.organization) : null,
  };
}
