// Seeds what `npm run perf` measures into DATA_DIR (or DATABASE_URL) and prints the ids as one JSON line:
// an opening with a realistic form (several sections, most field types), a public portfolio, a group and an
// approved verification group. Idempotent enough for a fresh data directory, which is how the perf run uses it.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { autoFillData, educationEntries, portfolios, skills } from '../src/db/schema';
import {
  seedEmail,
  seedGroup,
  seedInstitution,
  seedOpeningWithApplicants,
  seedOrganization,
  seedStudent,
  seedVerificationGroup,
} from '../src/seed/helpers';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'pglite'),
});
await database.migrate();
const { db } = database;

const institution = await seedInstitution(db, {
  name: 'Indian Institute of Technology Delhi',
  city: 'New Delhi',
  website: 'https://home.iitd.ac.in',
  domain: 'iitd.ac.in',
});
const organization = await seedOrganization(db, {
  email: seedEmail('talent.acme'),
  name: 'Acme Technologies',
  profile: { industry: 'Software', size: '201-1000', website: 'https://acme.example' },
});
const student = await seedStudent(db, {
  email: seedEmail('asha.verma'),
  name: 'Asha Verma',
  institutionId: institution.id,
  profile: { headline: 'Final-year B.Tech, Computer Science', location: 'New Delhi' },
});

const description = [
  '<p>Join the platform team that builds the APIs and developer tools behind Acme’s products. You will ship code in',
  'your first week, pair with senior engineers and own one small service end to end.</p>',
  '<h2>What you will do</h2><ul><li>Design and build REST APIs in TypeScript</li>',
  '<li>Improve our build and test tooling</li><li>Write documentation other teams rely on</li></ul>',
  '<h2>What we look for</h2><ul><li>Comfort with one programming language</li><li>Curiosity about how things work</li></ul>',
].join(' ');
const { opening } = await seedOpeningWithApplicants(db, {
  organizationId: organization.id,
  opening: {
    title: 'Software Engineering Intern, Platform',
    description,
    form: {
      sections: [
        {
          id: 'about',
          title: 'About you',
          fields: [
            { id: 'name', type: 'shortText', label: 'Full name', required: true, autoFillKey: 'name' },
            { id: 'email', type: 'email', label: 'Email', required: true, autoFillKey: 'email' },
            { id: 'phone', type: 'phone', label: 'Phone number', required: true, autoFillKey: 'phone' },
            { id: 'linkedin', type: 'url', label: 'LinkedIn profile', required: false },
            { id: 'graduation', type: 'number', label: 'Graduation year', required: true },
          ],
        },
        {
          id: 'role',
          title: 'The role',
          fields: [
            {
              id: 'track',
              type: 'singleChoice',
              label: 'Which track interests you most?',
              required: true,
              options: [
                { id: 'api', label: 'APIs' },
                { id: 'tools', label: 'Developer tools' },
                { id: 'infra', label: 'Infrastructure' },
              ],
            },
            {
              id: 'languages',
              type: 'multipleChoice',
              label: 'Languages you have used',
              required: false,
              options: [
                { id: 'ts', label: 'TypeScript' },
                { id: 'py', label: 'Python' },
                { id: 'go', label: 'Go' },
                { id: 'java', label: 'Java' },
              ],
            },
            { id: 'relocate', type: 'yesNo', label: 'Can you work from Bengaluru?', required: true },
            { id: 'start', type: 'date', label: 'Earliest start date', required: false },
            {
              id: 'confidence',
              type: 'linearScale',
              label: 'How comfortable are you with Git?',
              required: false,
              scaleMin: 1,
              scaleMax: 5,
              minLabel: 'New to it',
              maxLabel: 'Very',
            },
            { id: 'why', type: 'paragraph', label: 'Why this role?', required: true },
            {
              id: 'resume',
              type: 'fileUpload',
              label: 'Resume',
              required: true,
              acceptedTypes: [],
              maxBytes: 5 * 1024 * 1024,
            },
          ],
        },
      ],
    },
  },
});

await db
  .insert(educationEntries)
  .values({
    userId: student.id,
    institutionName: 'Indian Institute of Technology Delhi',
    degree: 'B.Tech',
    fieldOfStudy: 'Computer Science',
    startMonth: '2022-08',
    endMonth: '2026-05',
    grade: 8.7,
    gradeScale: 'CGPA_10',
  } as never)
  .onConflictDoNothing();
await db
  .insert(skills)
  .values({ userId: student.id, name: 'TypeScript', level: 'advanced' } as never)
  .onConflictDoNothing();
const portfolioId = randomBytes(9).toString('base64url');
await db.insert(portfolios).values({
  userId: student.id,
  publicId: portfolioId,
  title: 'Software engineering',
  visibility: 'public',
  sections: ['education', 'skills'],
});

// Returning students (their earlier applications taught the auto-fill), one per time-to-apply run: each applies once.
const returning: { email: string; name: string }[] = [];
for (let run = 1; run <= Number(process.env.PERF_APPLY_STUDENTS ?? 8); run++) {
  const name = `Returning Student ${run}`;
  const person = await seedStudent(db, {
    email: seedEmail(`returning.student${run}`),
    name,
    institutionId: institution.id,
    profile: { location: 'New Delhi' },
    phone: `+9198100${String(run).padStart(5, '0')}`,
  });
  await db
    .insert(autoFillData)
    .values({
      userId: person.id,
      data: {
        name,
        email: person.email,
        phone: `+9198100${String(run).padStart(5, '0')}`,
        location: 'New Delhi',
        institution: 'Indian Institute of Technology Delhi',
        degree: 'B.Tech',
        graduationYear: 2026,
      },
    })
    .onConflictDoNothing();
  returning.push({ email: person.email, name });
}

// The time-to-apply forms (`npm run perf`): one whose every question the auto-fill answers (one click), and ten
// questions of which seven auto-fill.
const { opening: oneClick } = await seedOpeningWithApplicants(db, {
  organizationId: organization.id,
  opening: {
    title: 'Campus Ambassador, Acme',
    form: {
      sections: [
        {
          id: 'about',
          title: 'About you',
          fields: [
            { id: 'name', type: 'shortText', label: 'Full name', required: true, autoFillKey: 'name' },
            { id: 'email', type: 'email', label: 'Email', required: true, autoFillKey: 'email' },
            { id: 'phone', type: 'phone', label: 'Phone number', required: true, autoFillKey: 'phone' },
          ],
        },
      ],
    },
  },
});
const { opening: tenQuestions } = await seedOpeningWithApplicants(db, {
  organizationId: organization.id,
  opening: {
    title: 'Backend Engineering Intern, Payments',
    form: {
      sections: [
        {
          id: 'about',
          title: 'About you',
          fields: [
            { id: 'name', type: 'shortText', label: 'Full name', required: true, autoFillKey: 'name' },
            { id: 'email', type: 'email', label: 'Email', required: true, autoFillKey: 'email' },
            { id: 'phone', type: 'phone', label: 'Phone number', required: true, autoFillKey: 'phone' },
            { id: 'location', type: 'shortText', label: 'Current city', required: true, autoFillKey: 'location' },
            { id: 'institution', type: 'shortText', label: 'College', required: true, autoFillKey: 'institution' },
            { id: 'degree', type: 'shortText', label: 'Degree', required: true, autoFillKey: 'degree' },
            { id: 'year', type: 'number', label: 'Graduation year', required: true, autoFillKey: 'graduationYear' },
          ],
        },
        {
          id: 'role',
          title: 'The role',
          fields: [
            {
              id: 'track',
              type: 'singleChoice',
              label: 'Which track interests you most?',
              required: true,
              options: [
                { id: 'api', label: 'APIs' },
                { id: 'infra', label: 'Infrastructure' },
              ],
            },
            { id: 'relocate', type: 'yesNo', label: 'Can you work from Bengaluru?', required: true },
            { id: 'why', type: 'paragraph', label: 'Why this role?', required: true },
          ],
        },
      ],
    },
  },
});

const group = await seedGroup(db, {
  ownerId: organization.id,
  name: 'Acme campus hiring 2026',
  description: 'Final-year students who want to hear first about Acme internships and jobs.',
});
const verificationGroup = await seedVerificationGroup(db, {
  ownerId: organization.id,
  institutionId: institution.id,
  name: 'IIT Delhi placement verification',
  description: 'The placement cell verifies grades, degrees and internships of IIT Delhi students.',
});

await database.close();
process.stdout.write(
  `${JSON.stringify({
    openingId: opening.id,
    portfolioId,
    groupId: group.id,
    verificationGroupId: verificationGroup.id,
    studentEmail: student.email,
    returningStudents: returning,
    oneClickOpeningId: oneClick.id,
    tenQuestionOpeningId: tenQuestions.id,
  })}\n`,
);
