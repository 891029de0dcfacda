import path from 'node:path';
import { and, count, eq, isNull, like, not } from 'drizzle-orm';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { groups, users, verificationGroups } from '../db/schema';
import {
  SEED_EMAIL_DOMAIN,
  seedEmail,
  seedGroup,
  seedInstitution,
  seedInstitutionRole,
  seedOpeningWithApplicants,
  seedOrganization,
  seedStudent,
  seedVerificationGroup,
} from '../seed/helpers';

/**
 * Demo data so a newcomer sees a living product. Idempotent. Refuses to touch a database that holds
 * real users (anyone outside the seed's reserved email domain) unless run with --force.
 */
const force = process.argv.includes('--force');
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'pglite'),
});
await database.migrate();
const { db } = database;

const [real] = await db
  .select({ total: count() })
  .from(users)
  .where(and(not(like(users.email, `%@${SEED_EMAIL_DOMAIN}`))));
if ((real?.total ?? 0) > 0 && !force) {
  process.stderr.write(
    `This database already holds ${real?.total} real user(s). Refusing to seed; run "npm run db:seed -- --force" to seed anyway.\n`,
  );
  await database.close();
  process.exit(1);
}

const iitd = await seedInstitution(db, {
  name: 'Indian Institute of Technology Delhi',
  city: 'New Delhi',
  website: 'https://home.iitd.ac.in',
  domain: 'iitd.ac.in',
});
const bits = await seedInstitution(db, {
  name: 'BITS Pilani',
  city: 'Pilani',
  website: 'https://www.bits-pilani.ac.in',
  domain: 'pilani.bits-pilani.ac.in',
});
await seedInstitution(db, {
  name: 'College of Engineering Pune',
  city: 'Pune',
  website: 'https://www.coep.org.in',
  domain: 'coeptech.ac.in',
});
await seedInstitution(db, {
  name: 'Vellore Institute of Technology',
  city: 'Vellore',
  website: 'https://vit.ac.in',
  domain: 'vit.ac.in',
});
await seedInstitution(db, {
  name: 'National Institute of Technology Trichy',
  city: 'Tiruchirappalli',
  website: 'https://www.nitt.edu',
  domain: 'nitt.edu',
});

const acme = await seedOrganization(db, {
  email: seedEmail('talent.acme'),
  name: 'Acme Technologies',
  profile: {
    industry: 'Software',
    size: '201-1000',
    website: 'https://acme.example',
    locations: ['Bengaluru', 'Remote'],
    about: 'Builds developer tools used by 2 million engineers.',
  },
});
const iitdPlacements = await seedOrganization(db, {
  email: seedEmail('placements.iitd'),
  name: 'IIT Delhi Placement Cell',
  profile: {
    industry: 'Education',
    size: '51-200',
    website: 'https://tnp.iitd.ac.in',
    locations: ['New Delhi'],
    about: 'Training and placement office of IIT Delhi.',
  },
});
const asha = await seedStudent(db, {
  email: seedEmail('asha.verma'),
  name: 'Asha Verma',
  institutionId: iitd.id,
  phone: '+919876543210',
  profile: {
    headline: 'Final-year B.Tech, Computer Science',
    location: 'New Delhi',
    github: 'https://github.com/ashaverma',
  },
});
const rohan = await seedStudent(db, {
  email: seedEmail('rohan.mehta'),
  name: 'Rohan Mehta',
  institutionId: bits.id,
  profile: { headline: 'M.Sc. Mathematics, interested in data science', location: 'Pilani' },
});

await seedOpeningWithApplicants(db, {
  organizationId: acme.id,
  applicants: [
    {
      userId: asha.id,
      answers: { name: asha.name, email: asha.email, why: 'I build developer tools in my free time.' },
    },
    { userId: rohan.id, answers: { name: rohan.name, email: rohan.email } },
  ],
});

// Groups: Acme's campus group (Asha is in, Rohan asked to join) and IIT Delhi's approved verification group, run by
// its placement cell as the institution's root. Found by name on later runs, so the seed stays idempotent.
const [existingGroup] = await db
  .select({ id: groups.id })
  .from(groups)
  .where(and(eq(groups.ownerId, acme.id), eq(groups.name, 'Acme campus hiring 2026'), isNull(groups.deletedAt)));
if (!existingGroup) {
  await seedGroup(db, {
    ownerId: acme.id,
    name: 'Acme campus hiring 2026',
    description: 'Final-year students who want to hear first about Acme internships and jobs.',
    members: [asha.id],
    requests: [rohan.id],
  });
}
await seedInstitutionRole(db, { institutionId: iitd.id, userId: iitdPlacements.id, role: 'root' });
const [existingVerification] = await db
  .select({ id: verificationGroups.id })
  .from(verificationGroups)
  .where(and(eq(verificationGroups.ownerId, iitdPlacements.id), isNull(verificationGroups.deletedAt)));
if (!existingVerification) {
  await seedVerificationGroup(db, {
    ownerId: iitdPlacements.id,
    institutionId: iitd.id,
    name: 'IIT Delhi placement verification',
    description: 'The placement cell verifies grades, degrees and internships of IIT Delhi students.',
    roles: [{ email: seedEmail('verifier.iitd'), role: 'verifier' }],
    members: [asha.id],
    requests: [rohan.id],
  });
}

await database.close();
process.stdout.write(
  [
    'Seeded demo institutions, organizations, students, an opening with applicants, a group and a verification group.',
    `Sign in as ${seedEmail('verifier.iitd')} to verify Asha's records; set VERIFICATION_ADMIN_EMAILS=${seedEmail('trust')} and sign in with that email to approve new verification groups.`,
    '',
  ].join('\n'),
);
