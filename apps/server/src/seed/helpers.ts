import { randomBytes } from 'node:crypto';
import type {
  AccountType,
  CtcPeriod,
  CycleCompanyStatus,
  CycleKind,
  CycleOpeningStatus,
  CycleStatus,
  EnrolmentSource,
  EnrolmentStatus,
  IndividualProfileInput,
  InstitutionRole,
  JoinPolicy,
  NoticeAudience,
  OfferState,
  OpeningInput,
  OrganizationProfileInput,
  OrganizationRole,
  PolicyRule,
  RecordField,
  VerificationRole,
} from '@placely/contract';
import {
  answersSchemaFor,
  EMPTY_ELIGIBILITY,
  individualProfileInputSchema,
  ORGANIZATION_INVITATION_TTL_DAYS,
  openingInputSchema,
  organizationProfileInputSchema,
} from '@placely/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { UserRow } from '../auth/authenticate';
import type { Executor } from '../db/client';
import {
  applicationEvents,
  applicationRevisions,
  applications,
  cycleCompanies,
  cycleCoordinatorCompanies,
  cycleEnrolments,
  cycleNoticeReceipts,
  cycleNotices,
  cycleOpenings,
  cyclePolicyExceptions,
  cycleRecordCorrections,
  files,
  groupMembers,
  groups,
  individualProfiles,
  institutionBranches,
  institutionRoles,
  institutions,
  offers,
  openingFormVersions,
  openings,
  organizationMemberOpenings,
  organizationMembers,
  organizationProfiles,
  organizations,
  phoneNumbers,
  placementCycles,
  users,
  verificationGroupMembers,
  verificationGroupRoles,
  verificationGroups,
  videoAnswers,
  videoTaskInvitations,
  videoTasks,
} from '../db/schema';
import { sanitizeRichText } from '../services/html';
import { createOrganizationFor } from '../services/organizations';

/** Seeded people use this reserved domain, so the seed can tell its own rows from real users. */
export const SEED_EMAIL_DOMAIN = 'demo.placely.test';

export function seedEmail(local: string): string {
  return `${local}@${SEED_EMAIL_DOMAIN}`.toLowerCase();
}

async function upsertUser(
  db: Executor,
  values: { email: string; name: string; accountType: AccountType | null; institutionId?: number | null },
) {
  const [user] = await db
    .insert(users)
    .values({ ...values, institutionId: values.institutionId ?? null })
    .onConflictDoUpdate({
      target: users.email,
      set: {
        name: values.name,
        accountType: values.accountType,
        institutionId: values.institutionId ?? null,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  if (!user) throw new Error(`could not seed ${values.email}`);
  return user;
}

export async function seedInstitution(
  db: Executor,
  values: { name: string; city?: string; website?: string; domain?: string },
): Promise<typeof institutions.$inferSelect> {
  const row = {
    name: values.name,
    city: values.city ?? null,
    website: values.website ?? null,
    domain: values.domain?.toLowerCase() ?? null,
  };
  const [institution] = row.domain
    ? await db
        .insert(institutions)
        .values(row)
        .onConflictDoUpdate({
          target: institutions.domain,
          set: { name: row.name, city: row.city, website: row.website },
        })
        .returning()
    : await db.insert(institutions).values(row).returning();
  if (!institution) throw new Error(`could not seed ${values.name}`);
  return institution;
}

export async function seedStudent(
  db: Executor,
  options: {
    email?: string;
    name?: string;
    institutionId?: number | null;
    profile?: Partial<IndividualProfileInput>;
    phone?: string;
  } = {},
): Promise<UserRow> {
  const name = options.name ?? 'Asha Verma';
  const email = options.email ?? seedEmail(`student-${Math.random().toString(36).slice(2, 10)}`);
  const user = await upsertUser(db, {
    email,
    name,
    accountType: 'Individual',
    institutionId: options.institutionId ?? null,
  });
  const profile = individualProfileInputSchema.parse({ name, ...options.profile });
  await db
    .insert(individualProfiles)
    .values({ userId: user.id, ...profile })
    .onConflictDoUpdate({ target: individualProfiles.userId, set: { ...profile, updatedAt: sql`now()` } });
  if (options.phone) {
    await db
      .insert(phoneNumbers)
      .values({ userId: user.id, number: options.phone, isVerified: true, isPrimary: true })
      .onConflictDoNothing();
  }
  return user;
}

export async function seedOrganization(
  db: Executor,
  options: { email?: string; name?: string; profile?: Partial<OrganizationProfileInput> } = {},
): Promise<UserRow> {
  const name = options.name ?? 'Acme Technologies';
  const email = options.email ?? seedEmail(`org-${Math.random().toString(36).slice(2, 10)}`);
  const user = await upsertUser(db, { email, name, accountType: 'Organization' });
  const profile = organizationProfileInputSchema.parse({ name, ...options.profile });
  await db
    .insert(organizationProfiles)
    .values({ userId: user.id, ...profile })
    .onConflictDoUpdate({ target: organizationProfiles.userId, set: { ...profile, updatedAt: sql`now()` } });
  await createOrganizationFor(db, user);
  return user;
}

/** A signed-up person who has not chosen an account type yet. */
export async function seedNewUser(db: Executor, options: { email?: string; name?: string } = {}): Promise<UserRow> {
  return upsertUser(db, {
    email: options.email ?? seedEmail(`new-${Math.random().toString(36).slice(2, 10)}`),
    name: options.name ?? 'New Person',
    accountType: null,
  });
}

/** A small open opening with a Quick Apply form; the seed's default. */
export function seedOpeningInput(overrides: Partial<OpeningInput> = {}): OpeningInput {
  return {
    title: 'Software Engineering Intern',
    kind: 'internship',
    description: 'Work with our platform team on APIs and developer tooling for 6 months.',
    locations: ['Bengaluru'],
    remote: true,
    compensation: { min: 40000, max: 60000, currency: 'INR', period: 'month' },
    openingsCount: 3,
    deadline: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    startDate: null,
    status: 'open',
    responseCap: null,
    eligibility: EMPTY_ELIGIBILITY,
    applyMode: 'form',
    externalLink: null,
    form: {
      sections: [
        {
          id: 'about',
          title: 'About you',
          fields: [
            { id: 'name', type: 'shortText', label: 'Full name', required: true, autoFillKey: 'name' },
            { id: 'email', type: 'email', label: 'Email', required: true, autoFillKey: 'email' },
            { id: 'why', type: 'paragraph', label: 'Why this role?', required: false },
          ],
        },
      ],
    },
    ...overrides,
  };
}

/**
 * An opening of `organizationId` (found by title, so the seed stays idempotent) with one submitted application per
 * applicant (answers validated by the form's schema, revision 1 and a 'submitted' event recorded).
 */
export async function seedOpeningWithApplicants(
  db: Executor,
  options: {
    organizationId: number;
    opening?: Partial<OpeningInput>;
    applicants?: { userId: number; answers: Record<string, unknown> }[];
  },
) {
  const input = openingInputSchema.parse(seedOpeningInput(options.opening));
  let [opening] = await db
    .select()
    .from(openings)
    .where(
      and(
        eq(openings.organizationId, options.organizationId),
        eq(openings.title, input.title),
        isNull(openings.deletedAt),
      ),
    );
  if (!opening) {
    [opening] = await db
      .insert(openings)
      .values({
        organizationId: options.organizationId,
        title: input.title,
        kind: input.kind,
        description: sanitizeRichText(input.description),
        locations: input.locations,
        remote: input.remote,
        compensation: input.compensation,
        openingsCount: input.openingsCount,
        deadline: new Date(input.deadline),
        startDate: input.startDate,
        status: input.status,
        responseCap: input.responseCap,
        eligibility: input.eligibility,
        applyMode: input.applyMode,
        externalLink: input.externalLink,
        currentFormVersion: input.form ? 1 : null,
      })
      .returning();
    if (!opening) throw new Error('could not seed opening');
    if (input.form)
      await db.insert(openingFormVersions).values({ openingId: opening.id, version: 1, definition: input.form });
  }
  const seeded = [];
  for (const applicant of options.applicants ?? []) {
    const answers = input.form ? answersSchemaFor(input.form).parse(applicant.answers) : {};
    const [application] = await db
      .insert(applications)
      .values({
        openingId: opening.id,
        applicantId: applicant.userId,
        formVersion: opening.currentFormVersion ?? 1,
        answers: answers as never,
        idempotencyKey: `seed-${opening.id}-${applicant.userId}`,
      })
      .onConflictDoNothing()
      .returning();
    if (!application) continue;
    await db.insert(applicationRevisions).values({
      applicationId: application.id,
      revision: 1,
      formVersion: application.formVersion,
      answers: application.answers,
    });
    await db
      .insert(applicationEvents)
      .values({ applicationId: application.id, fromStatus: null, toStatus: 'submitted', actorId: applicant.userId });
    seeded.push(application);
  }
  return { opening, applications: seeded };
}

/** A group run by an organization, with accepted members and pending requests. */
export async function seedGroup(
  db: Executor,
  options: {
    ownerId: number;
    name?: string;
    description?: string;
    joinPolicy?: JoinPolicy;
    visibility?: 'public' | 'unlisted';
    members?: number[];
    requests?: number[];
  },
): Promise<typeof groups.$inferSelect> {
  const [group] = await db
    .insert(groups)
    .values({
      ownerId: options.ownerId,
      name: options.name ?? 'Campus hiring 2026',
      description: options.description ?? null,
      joinPolicy: options.joinPolicy ?? 'request',
      visibility: options.visibility ?? 'public',
    })
    .returning();
  if (!group) throw new Error('could not seed a group');
  const rows = [
    ...(options.members ?? []).map((userId) => ({
      groupId: group.id,
      userId,
      state: 'member' as const,
      decidedBy: options.ownerId,
      decidedAt: sql`now()`,
    })),
    ...(options.requests ?? []).map((userId) => ({ groupId: group.id, userId, state: 'requested' as const })),
  ];
  if (rows.length > 0) await db.insert(groupMembers).values(rows).onConflictDoNothing();
  return group;
}

/**
 * A verification group (approved unless said otherwise) whose creator is its owner, with roles by email (a user
 * with that email gets the role at once, others on their first sign-in), members and pending requests.
 */
export async function seedVerificationGroup(
  db: Executor,
  options: {
    ownerId: number;
    name?: string;
    description?: string;
    institutionId?: number | null;
    joinPolicy?: JoinPolicy;
    approvalState?: 'pending' | 'approved' | 'rejected';
    roles?: Array<{ email: string; role: VerificationRole }>;
    members?: number[];
    requests?: number[];
  },
): Promise<typeof verificationGroups.$inferSelect> {
  const [owner] = await db.select().from(users).where(eq(users.id, options.ownerId));
  if (!owner) throw new Error(`no user ${options.ownerId} to own the verification group`);
  const approvalState = options.approvalState ?? 'approved';
  const [group] = await db
    .insert(verificationGroups)
    .values({
      ownerId: owner.id,
      institutionId: options.institutionId ?? null,
      name: options.name ?? 'Placement cell verification',
      description: options.description ?? null,
      joinPolicy: options.joinPolicy ?? 'request',
      approvalState,
      approvedAt: approvalState === 'pending' ? null : sql`now()`,
    })
    .returning();
  if (!group) throw new Error('could not seed a verification group');
  const grants = [{ email: owner.email, role: 'owner' as VerificationRole }, ...(options.roles ?? [])];
  for (const grant of grants) {
    const email = grant.email.toLowerCase();
    const [holder] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    await db
      .insert(verificationGroupRoles)
      .values({ groupId: group.id, email, role: grant.role, userId: holder?.id ?? null, grantedBy: owner.id })
      .onConflictDoNothing();
  }
  const rows = [
    ...(options.members ?? []).map((userId) => ({
      groupId: group.id,
      userId,
      state: 'member' as const,
      decidedBy: owner.id,
      decidedAt: sql`now()`,
    })),
    ...(options.requests ?? []).map((userId) => ({ groupId: group.id, userId, state: 'requested' as const })),
  ];
  if (rows.length > 0) await db.insert(verificationGroupMembers).values(rows).onConflictDoNothing();
  return group;
}

/** Gives a person a role at an institution (and with it hasInstitutionAccess). */
export async function seedInstitutionRole(
  db: Executor,
  options: { institutionId: number; userId: number; role: InstitutionRole },
): Promise<void> {
  const [person] = await db.select({ email: users.email }).from(users).where(eq(users.id, options.userId));
  if (!person) throw new Error(`seedInstitutionRole: no user ${options.userId}`);
  await db
    .insert(institutionRoles)
    .values({
      institutionId: options.institutionId,
      userId: options.userId,
      email: person.email.toLowerCase(),
      role: options.role,
    })
    .onConflictDoUpdate({
      target: [institutionRoles.institutionId, institutionRoles.email],
      set: { role: options.role, userId: options.userId, updatedAt: sql`now()` },
    });
  await db.update(users).set({ hasInstitutionAccess: true, updatedAt: sql`now()` }).where(eq(users.id, options.userId));
}

/**
 * Puts a person in an organization's team (already joined), optionally limited to some openings. `removed` keeps the
 * row as a former member's (revoked), as removal from the team does.
 */
export async function seedOrganizationMember(
  db: Executor,
  options: {
    organizationId: number;
    userId: number;
    role: OrganizationRole;
    openingIds?: string[];
    canViewContacts?: boolean;
    removed?: boolean;
  },
): Promise<string> {
  const [person] = await db.select({ email: users.email }).from(users).where(eq(users.id, options.userId));
  if (!person) throw new Error(`seedOrganizationMember: no user ${options.userId}`);
  const [member] = await db
    .insert(organizationMembers)
    .values({
      organizationId: options.organizationId,
      userId: options.userId,
      email: person.email.toLowerCase(),
      role: options.role,
      allOpenings: options.openingIds === undefined,
      canViewContacts: options.canViewContacts ?? false,
      claimedAt: sql`now()`,
      revokedAt: options.removed ? sql`now()` : null,
    })
    .returning({ id: organizationMembers.id });
  if (!member) throw new Error('seedOrganizationMember: insert returned nothing');
  if (options.openingIds?.length) {
    await db
      .insert(organizationMemberOpenings)
      .values(options.openingIds.map((openingId) => ({ memberId: member.id, openingId })));
  }
  return member.id;
}

/** An open invitation to an organization's team for an email with no Placely account yet; the member row's id. */
export async function seedOrganizationInvitation(
  db: Executor,
  options: { organizationId: number; email: string; role: OrganizationRole },
): Promise<string> {
  const [member] = await db
    .insert(organizationMembers)
    .values({
      organizationId: options.organizationId,
      email: options.email.toLowerCase(),
      role: options.role,
      expiresAt: sql`now() + make_interval(days => ${ORGANIZATION_INVITATION_TTL_DAYS})`,
    })
    .returning({ id: organizationMembers.id });
  if (!member) throw new Error('seedOrganizationInvitation: insert returned nothing');
  return member.id;
}

/** A video task of an opening (defaults: asked later by invitation, 2 takes, 60 s, uploads allowed, one rubric item). */
export async function seedVideoTask(
  db: Executor,
  options: { openingId: string } & Partial<Omit<typeof videoTasks.$inferInsert, 'openingId'>>,
) {
  const [task] = await db
    .insert(videoTasks)
    .values({
      title: 'Tell us about a project you are proud of',
      prompt: '<p>Two minutes at most: what you built, what was hard, what you would change.</p>',
      preparationSeconds: 0,
      maxAnswerSeconds: 60,
      takesAllowed: 2,
      deadline: null,
      allowUpload: true,
      askAtApply: false,
      rubric: [
        { id: 'clarity', label: 'Clarity' },
        { id: 'depth', label: 'Depth' },
      ],
      ...options,
    })
    .returning();
  if (!task) throw new Error('video task not seeded');
  return task;
}

export async function seedVideoInvitation(db: Executor, taskId: string, userId: number) {
  await db.insert(videoTaskInvitations).values({ taskId, userId }).onConflictDoNothing();
}

/**
 * A submitted answer of an existing person to the task (a `video` file row without bytes: enough for lists, /watch's
 * links and scoring). Answers the answer id.
 */
export async function seedVideoAnswer(
  db: Executor,
  options: { taskId: string; candidateId: number; submittedAt?: Date },
): Promise<string> {
  const [file] = await db
    .insert(files)
    .values({
      ownerId: options.candidateId,
      purpose: 'video',
      name: 'answer.webm',
      contentType: 'video/webm',
      size: 1,
      storageKey: crypto.randomUUID(),
      status: 'ready',
      durationSeconds: 5,
    })
    .returning({ id: files.id });
  const [answer] = await db
    .insert(videoAnswers)
    .values({
      taskId: options.taskId,
      candidateId: options.candidateId,
      fileId: file?.id ?? null,
      durationSeconds: 5,
      source: 'recording',
      takesUsed: 1,
      submittedAt: options.submittedAt ?? new Date(),
    })
    .returning({ id: videoAnswers.id });
  if (!answer) throw new Error('video answer not seeded');
  return answer.id;
}

/**
 * `count` candidates, each with a submitted answer to the task (`seedVideoAnswer`). Answers are one second apart
 * from `start`, except that every tenth shares its neighbour's time, so keyset paging by (submitted at, id) is
 * exercised on ties. Answers the answer ids in list order.
 */
export async function seedVideoAnswers(
  db: Executor,
  options: { taskId: string; count: number; start?: Date },
): Promise<string[]> {
  const start = options.start?.getTime() ?? Date.now() - options.count * 1000;
  const answers: { id: string; at: number }[] = [];
  for (let index = 0; index < options.count; index++) {
    const candidate = await seedStudent(db, { name: `Video candidate ${String(index + 1).padStart(3, '0')}` });
    const at = start + (index % 10 === 9 ? index - 1 : index) * 1000;
    const id = await seedVideoAnswer(db, {
      taskId: options.taskId,
      candidateId: candidate.id,
      submittedAt: new Date(at),
    });
    answers.push({ id, at });
  }
  return answers.sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).map((answer) => answer.id);
}

// Placement season (migration 0042) -------------------------------------------------------------------------------

/** Links an organization to an institution as its placement cell (confirmed unless `confirmed: false`). */
export async function seedCellLink(
  db: Executor,
  options: { organizationId: number; institutionId: number; confirmed?: boolean; requestedBy?: number },
): Promise<void> {
  await db
    .update(organizations)
    .set({
      institutionId: options.institutionId,
      institutionLinkedAt: options.confirmed === false ? null : sql`now()`,
      institutionLinkRequestedBy: options.requestedBy ?? null,
      updatedAt: sql`now()`,
    })
    .where(eq(organizations.id, options.organizationId));
}

/** A branch of an institution's programme list. */
export async function seedBranch(
  db: Executor,
  options: { institutionId: number; name: string; degree?: string; aliases?: string[] },
): Promise<typeof institutionBranches.$inferSelect> {
  const [branch] = await db
    .insert(institutionBranches)
    .values({
      institutionId: options.institutionId,
      degree: options.degree ?? 'B.Tech',
      name: options.name,
      aliases: options.aliases ?? [],
    })
    .returning();
  if (!branch) throw new Error('seedBranch: insert returned nothing');
  return branch;
}

export async function seedCycle(
  db: Executor,
  options: {
    institutionId: number;
    name?: string;
    kind?: CycleKind;
    status?: CycleStatus;
    startsOn?: string;
    endsOn?: string;
    policy?: PolicyRule[];
    createdBy?: number;
    joinToken?: string;
  },
): Promise<typeof placementCycles.$inferSelect> {
  const [cycle] = await db
    .insert(placementCycles)
    .values({
      institutionId: options.institutionId,
      name: options.name ?? 'Final placements 2026–27',
      kind: options.kind ?? 'jobs',
      status: options.status ?? 'active',
      startsOn: options.startsOn ?? '2026-07-01',
      endsOn: options.endsOn ?? '2027-06-30',
      policy: options.policy ?? [],
      createdBy: options.createdBy ?? null,
      joinToken: options.joinToken ?? randomBytes(24).toString('base64url'),
    })
    .returning();
  if (!cycle) throw new Error('seedCycle: insert returned nothing');
  return cycle;
}

/** A student in a cycle: by user (their email is read) or by email only (a pending enrolment). */
export async function seedEnrolment(
  db: Executor,
  options: {
    cycleId: string;
    userId?: number;
    email?: string;
    status?: EnrolmentStatus;
    debarredReason?: string;
    rollNumber?: string;
    branchId?: string | null;
    branchText?: string | null;
    degree?: string | null;
    cgpa?: number | null;
    backlogs?: number | null;
    graduationYear?: number | null;
    recordsLocked?: boolean;
    source?: EnrolmentSource;
    absences?: number;
  },
): Promise<typeof cycleEnrolments.$inferSelect> {
  let email = options.email?.toLowerCase();
  if (options.userId !== undefined && email === undefined) {
    const [person] = await db.select({ email: users.email }).from(users).where(eq(users.id, options.userId));
    if (!person) throw new Error(`seedEnrolment: no user ${options.userId}`);
    email = person.email.toLowerCase();
  }
  if (email === undefined) throw new Error('seedEnrolment: give a userId or an email');
  const [enrolment] = await db
    .insert(cycleEnrolments)
    .values({
      cycleId: options.cycleId,
      userId: options.userId ?? null,
      email,
      status: options.status ?? 'available',
      debarredReason: options.debarredReason ?? (options.status === 'debarred' ? 'Seeded' : null),
      rollNumber: options.rollNumber ?? null,
      branchId: options.branchId ?? null,
      branchText: options.branchText ?? null,
      degree: options.degree ?? null,
      cgpa: options.cgpa ?? null,
      backlogs: options.backlogs ?? null,
      graduationYear: options.graduationYear ?? null,
      recordsLocked: options.recordsLocked ?? false,
      source: options.source ?? 'link',
      absences: options.absences ?? 0,
    })
    .returning();
  if (!enrolment) throw new Error('seedEnrolment: insert returned nothing');
  return enrolment;
}

export async function seedRecordCorrection(
  db: Executor,
  options: { cycleId: string; enrolmentId: string; field: RecordField; requestedValue: string; reason?: string },
): Promise<typeof cycleRecordCorrections.$inferSelect> {
  const [row] = await db
    .insert(cycleRecordCorrections)
    .values({ ...options, reason: options.reason ?? 'The imported value is wrong' })
    .returning();
  if (!row) throw new Error('seedRecordCorrection: insert returned nothing');
  return row;
}

/** Limits a coordinator of a linked organization's team (member row id) to some companies of a cycle. */
export async function seedCoordinatorCompanies(
  db: Executor,
  options: { cycleId: string; memberId: string; organizationIds: number[] },
): Promise<void> {
  if (options.organizationIds.length === 0) return;
  await db
    .insert(cycleCoordinatorCompanies)
    .values(
      options.organizationIds.map((organizationId) => ({
        cycleId: options.cycleId,
        memberId: options.memberId,
        organizationId,
      })),
    )
    .onConflictDoNothing();
}

export async function seedCycleCompany(
  db: Executor,
  options: { cycleId: string; organizationId: number; status?: CycleCompanyStatus; note?: string; decidedBy?: number },
): Promise<typeof cycleCompanies.$inferSelect> {
  const status = options.status ?? 'approved';
  const decided = status === 'approved' || status === 'rejected';
  const [row] = await db
    .insert(cycleCompanies)
    .values({
      cycleId: options.cycleId,
      organizationId: options.organizationId,
      status,
      note: options.note ?? null,
      decidedBy: decided ? (options.decidedBy ?? null) : null,
      decidedAt: decided ? sql`now()` : null,
    })
    .returning();
  if (!row) throw new Error('seedCycleCompany: insert returned nothing');
  return row;
}

/** Attaches an opening to a cycle (openings.cycle_id and its cycle_openings row), approved unless said otherwise. */
export async function seedCycleOpening(
  db: Executor,
  options: {
    cycleId: string;
    openingId: string;
    status?: CycleOpeningStatus;
    comment?: string;
    ctcAmount?: number;
    ctcCurrency?: string;
    ctcPeriod?: CtcPeriod;
    decidedBy?: number;
  },
): Promise<typeof cycleOpenings.$inferSelect> {
  const [opening] = await db
    .update(openings)
    .set({ cycleId: options.cycleId })
    .where(eq(openings.id, options.openingId))
    .returning({ organizationId: openings.organizationId });
  if (!opening) throw new Error(`seedCycleOpening: no opening ${options.openingId}`);
  const status = options.status ?? 'approved';
  const [row] = await db
    .insert(cycleOpenings)
    .values({
      openingId: options.openingId,
      cycleId: options.cycleId,
      organizationId: opening.organizationId,
      status,
      comment: options.comment ?? null,
      ctcAmount: options.ctcAmount ?? 1_200_000,
      ctcCurrency: options.ctcCurrency ?? 'INR',
      ctcPeriod: options.ctcPeriod ?? 'year',
      decidedBy: status === 'pending' ? null : (options.decidedBy ?? null),
      decidedAt: status === 'pending' ? null : sql`now()`,
    })
    .returning();
  if (!row) throw new Error('seedCycleOpening: insert returned nothing');
  return row;
}

export async function seedPolicyException(
  db: Executor,
  options: {
    cycleId: string;
    enrolmentId: string;
    ruleKind: string;
    openingId?: string | null;
    reason?: string;
    grantedBy?: number;
  },
): Promise<typeof cyclePolicyExceptions.$inferSelect> {
  const [row] = await db
    .insert(cyclePolicyExceptions)
    .values({
      cycleId: options.cycleId,
      enrolmentId: options.enrolmentId,
      ruleKind: options.ruleKind,
      openingId: options.openingId ?? null,
      reason: options.reason ?? 'Granted by the placement cell',
      grantedBy: options.grantedBy ?? null,
    })
    .returning();
  if (!row) throw new Error('seedPolicyException: insert returned nothing');
  return row;
}

/** An offer on an application (its opening, organization and candidate are read from it). */
export async function seedOffer(
  db: Executor,
  options: {
    applicationId: string;
    cycleId?: string | null;
    role?: string;
    ctcAmount?: number;
    ctcCurrency?: string;
    ctcPeriod?: CtcPeriod;
    location?: string | null;
    joiningDate?: string | null;
    status?: OfferState;
    statusReason?: string | null;
    respondBy?: Date;
    createdBy?: number;
  },
): Promise<typeof offers.$inferSelect> {
  const [application] = await db
    .select({
      openingId: applications.openingId,
      individualId: applications.applicantId,
      organizationId: openings.organizationId,
    })
    .from(applications)
    .innerJoin(openings, eq(openings.id, applications.openingId))
    .where(eq(applications.id, options.applicationId));
  if (!application) throw new Error(`seedOffer: no application ${options.applicationId}`);
  const status = options.status ?? 'pending';
  const [row] = await db
    .insert(offers)
    .values({
      applicationId: options.applicationId,
      openingId: application.openingId,
      organizationId: application.organizationId,
      individualId: application.individualId,
      cycleId: options.cycleId ?? null,
      role: options.role ?? 'Software Engineer',
      ctcAmount: options.ctcAmount ?? 1_200_000,
      ctcCurrency: options.ctcCurrency ?? 'INR',
      ctcPeriod: options.ctcPeriod ?? 'year',
      location: options.location ?? null,
      joiningDate: options.joiningDate ?? null,
      respondBy: options.respondBy ?? new Date(Date.now() + 7 * 24 * 3600 * 1000),
      status,
      statusReason: options.statusReason ?? null,
      createdBy: options.createdBy ?? application.organizationId,
      decidedAt: status === 'pending' ? null : sql`now()`,
    })
    .returning();
  if (!row) throw new Error('seedOffer: insert returned nothing');
  return row;
}

export async function seedCycleNotice(
  db: Executor,
  options: {
    cycleId: string;
    title?: string;
    body?: string;
    audience?: NoticeAudience;
    attachmentFileIds?: string[];
    requiresAck?: boolean;
    createdBy?: number;
  },
): Promise<typeof cycleNotices.$inferSelect> {
  const [row] = await db
    .insert(cycleNotices)
    .values({
      cycleId: options.cycleId,
      title: options.title ?? 'Pre-placement talk',
      body: options.body ?? 'The pre-placement talk is in the main auditorium at 10:00.',
      audience: options.audience ?? { kind: 'all' },
      attachmentFileIds: options.attachmentFileIds ?? [],
      requiresAck: options.requiresAck ?? false,
      createdBy: options.createdBy ?? null,
    })
    .returning();
  if (!row) throw new Error('seedCycleNotice: insert returned nothing');
  return row;
}

export async function seedNoticeReceipt(
  db: Executor,
  options: { noticeId: string; userId: number; read?: boolean; acknowledged?: boolean },
): Promise<void> {
  await db
    .insert(cycleNoticeReceipts)
    .values({
      noticeId: options.noticeId,
      userId: options.userId,
      readAt: options.read === false ? null : sql`now()`,
      acknowledgedAt: options.acknowledged ? sql`now()` : null,
    })
    .onConflictDoNothing();
}
