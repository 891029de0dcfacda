import { LIMITS, type OpeningInput } from '@placely/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, phoneNumbers } from '../../db/schema';
import { seedOpeningInput, seedOrganization, seedStudent } from '../../seed/helpers';
import { startTestServer, type TestServer } from '../../test/harness';

/** Issue 43, "Auto-fill that finds itself": answers saved to the profile only when chosen; saved resumes as answers. */

let server: TestServer;
let orgToken: string;
beforeAll(async () => {
  server = await startTestServer();
  const org = await seedOrganization(server.db, { name: 'Acme Technologies' });
  orgToken = await server.tokenFor(org.id);
});
afterAll(() => server?.close());

const key = () => `key-${crypto.randomUUID()}`;

const profileForm: OpeningInput['form'] = {
  sections: [
    {
      id: 's',
      title: 'You',
      fields: [
        { id: 'name', type: 'shortText', label: 'Full name', required: true, autoFillKey: 'name' },
        { id: 'phone', type: 'phone', label: 'Mobile number', required: true, autoFillKey: 'phone' },
        { id: 'city', type: 'shortText', label: 'Current city', required: false, autoFillKey: 'location' },
        { id: 'linkedin', type: 'url', label: 'LinkedIn', required: false, autoFillKey: 'linkedin' },
        { id: 'skills', type: 'shortText', label: 'Skills', required: false, autoFillKey: 'skills' },
      ],
    },
  ],
};

async function createOpening(overrides: Partial<OpeningInput> = {}) {
  const created = await server.call('/api/organization/openings', {
    token: orgToken,
    body: seedOpeningInput({ form: profileForm, ...overrides }),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.result.data as { id: string };
}

async function student(name: string, phone = '+919876500001') {
  const user = await seedStudent(server.db, { name, phone, profile: { location: 'Chennai' } });
  const token = await server.tokenFor(user.id);
  await server.call('/api/user/skills', { token, body: { name: 'React', level: 'advanced' } });
  return { user, token };
}

function apply(token: string, openingId: string, body: Record<string, unknown>) {
  return server.call('/api/placements/campus/apply', { token, body: { openingId, idempotencyKey: key(), ...body } });
}

async function profileOf(token: string) {
  const profile = await server.call('/api/user/profile', { token });
  const skills = await server.call('/api/user/skills', { token });
  const details = profile.body.result.data.profileDetails;
  return {
    phones: (details.phoneNumbers as { number: string; isPrimary: boolean; isVerified: boolean }[]).map(
      ({ number, isPrimary, isVerified }) => ({ number, isPrimary, isVerified }),
    ),
    individual: details.individual as Record<string, unknown>,
    skills: (skills.body.result.data.entries as { name: string }[]).map((entry) => entry.name),
  };
}

async function prefillOf(token: string, openingId: string) {
  const form = await server.call(`/api/placements/campus/apply?openingId=${openingId}`, { token });
  return form.body.result.data.viewer.prefill as Record<string, unknown>;
}

const changed = {
  name: 'Kiran Rao',
  phone: '+91 98765 00999',
  city: 'Pune',
  linkedin: 'https://www.linkedin.com/in/kiran',
  skills: 'react, Go, Rust',
};

describe('Save to my profile too', () => {
  it('leaves the profile as it was when nothing is chosen', async () => {
    const opening = await createOpening();
    const next = await createOpening();
    const { token } = await student('Kiran Rao');
    const before = await profileOf(token);

    const submitted = await apply(token, opening.id, { answers: changed });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(await profileOf(token)).toEqual(before);
    // The next form still fills the profile's phone and city, not this application's.
    const prefill = await prefillOf(token, next.id);
    expect(prefill.phone).toBe('+919876500001');
    expect(prefill.city).toBe('Chennai');
  });

  it('writes only the chosen answers, and the next form fills them in', async () => {
    const opening = await createOpening();
    const next = await createOpening();
    const { token } = await student('Kiran Rao');
    const before = await profileOf(token);

    const submitted = await apply(token, opening.id, {
      answers: changed,
      saveToProfile: { phone: changed.phone, linkedin: changed.linkedin, skills: ['react', 'Go', 'Rust'] },
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const after = await profileOf(token);
    // The new number is added (normalised) as the primary one; the verified old one stays, no longer primary.
    expect(after.phones).toEqual([
      { number: '+919876500001', isPrimary: false, isVerified: true },
      { number: '+919876500999', isPrimary: true, isVerified: false },
    ]);
    expect(after.individual).toEqual({ ...before.individual, linkedin: changed.linkedin });
    expect(after.individual.location).toBe('Chennai');
    // Skills are added, never duplicated (names compare without case), never removed.
    expect(after.skills).toEqual(['React', 'Go', 'Rust']);

    const prefill = await prefillOf(token, next.id);
    expect(prefill.phone).toBe('+919876500999');
    expect(prefill.linkedin).toBe(changed.linkedin);
    expect(prefill.city).toBe('Chennai');
  });

  it('makes a number the person already has primary instead of adding it twice', async () => {
    const opening = await createOpening();
    const { user, token } = await student('Meera Nair');
    await server.db.insert(phoneNumbers).values({ userId: user.id, number: '+919876500777' });
    const submitted = await apply(token, opening.id, {
      answers: { ...changed, phone: '+91 98765 00777' },
      saveToProfile: { phone: '+91 98765 00777' },
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect((await profileOf(token)).phones).toEqual([
      { number: '+919876500001', isPrimary: false, isVerified: true },
      { number: '+919876500777', isPrimary: true, isVerified: false },
    ]);
  });

  it('takes only keys this application answers; a refusal writes nothing, the application included', async () => {
    const opening = await createOpening();
    const { user, token } = await student('Ravi Kumar');
    const before = await profileOf(token);
    const unanswered = await apply(token, opening.id, {
      answers: { ...changed, city: '' },
      saveToProfile: { location: 'Pune', headline: 'Backend engineer' },
    });
    expect(unanswered.status).toBe(400);
    expect(unanswered.body.exception.error.fields).toEqual([
      { field: 'saveToProfile.location', message: 'This application has no answer to save for that.' },
      { field: 'saveToProfile.headline', message: 'This application has no answer to save for that.' },
    ]);

    // A profile full of phone numbers refuses a new one: the application is not sent either.
    for (const n of [2, 3, 4, 5]) {
      await server.db.insert(phoneNumbers).values({ userId: user.id, number: `+91987650000${n}` });
    }
    const full = await apply(token, opening.id, { answers: changed, saveToProfile: { phone: changed.phone } });
    expect(full.status).toBe(400);
    expect(full.body.exception.error.fields[0].field).toBe('saveToProfile.phone');
    expect(await server.db.select().from(applications).where(eq(applications.applicantId, user.id))).toEqual([]);
    expect((await profileOf(token)).individual).toEqual(before.individual);
    expect((await profileOf(token)).skills).toEqual(before.skills);
  });

  it('400 naming the field for a key that cannot be saved, NUL, too long or malformed values', async () => {
    const opening = await createOpening();
    const { user, token } = await student('Asha Verma');
    const before = await profileOf(token);
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'someone@example.com' }, 'saveToProfile.email'],
      [{ institution: 'IIT Madras' }, 'saveToProfile.institution'],
      [{ phone: '+9198765\u000000999' }, 'saveToProfile.phone'],
      [{ name: 'Kiran\u0000' }, 'saveToProfile.name'],
      [{ about: 'x'.repeat(LIMITS.longText + 1) }, 'saveToProfile.about'],
      [{ location: 'y'.repeat(LIMITS.shortText + 1) }, 'saveToProfile.location'],
      [{ skills: Array.from({ length: 101 }, (_, i) => `skill ${i}`) }, 'saveToProfile.skills'],
      [{ skills: ['z'.repeat(61)] }, 'saveToProfile.skills.0'],
      [{ linkedin: 'javascript:alert(1)' }, 'saveToProfile.linkedin'],
      [{ phone: '12' }, 'saveToProfile.phone'],
    ];
    for (const [saveToProfile, field] of cases) {
      const response = await apply(token, opening.id, { answers: changed, saveToProfile });
      expect(response.status, JSON.stringify(saveToProfile).slice(0, 80)).toBe(400);
      expect(
        (response.body.exception.error.fields as { field: string }[]).map((f) => f.field),
        JSON.stringify(saveToProfile).slice(0, 80),
      ).toContain(field);
    }
    const huge = await apply(token, opening.id, { answers: changed, saveToProfile: { about: 'x'.repeat(2_000_000) } });
    expect(huge.status).toBe(413);
    expect(await profileOf(token)).toEqual(before);
    expect(await server.db.select().from(applications).where(eq(applications.applicantId, user.id))).toEqual([]);
  });
});

describe('saved resumes as answers', () => {
  const resumeForm: OpeningInput['form'] = {
    sections: [
      {
        id: 's',
        title: 'Files',
        fields: [
          {
            id: 'cv',
            type: 'fileUpload',
            label: 'Resume',
            required: true,
            acceptedTypes: ['application/pdf'],
            maxBytes: 1024 * 1024,
            autoFillKey: 'resume',
          },
        ],
      },
    ],
  };
  const pdf = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n');

  async function addResume(token: string, title: string, name: string) {
    const uploaded = await fetch(`${server.baseUrl}/api/files?purpose=resume&name=${name}`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/octet-stream' },
      body: pdf,
    });
    const file = ((await uploaded.json()) as any).result.data as { id: string };
    const added = await server.call('/api/resume', { token, body: { fileId: file.id, title } });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const resumes = added.body.result.data.resumes as { title: string; file: Record<string, unknown> }[];
    return resumes.find((resume) => resume.title === title)?.file as {
      id: string;
      name: string;
      size: number;
      contentType: string;
    };
  }

  it("answers with the applicant's own saved resume as an upload would; never someone else's", async () => {
    const opening = await createOpening({ form: resumeForm });
    const { token } = await student('Nisha Iyer');
    const main = await addResume(token, 'General', 'general.pdf');
    const data = await addResume(token, 'Data roles', 'data.pdf');
    // The default (first) resume is the prefill; the applicant picks the other one instead.
    expect((await prefillOf(token, opening.id)).cv).toEqual({
      fileId: main.id,
      name: 'general.pdf',
      size: pdf.length,
      contentType: 'application/pdf',
    });

    const stranger = await student('Other Person', '+919876511111');
    const strangerOpening = await createOpening({ form: resumeForm });
    const claimed = { fileId: data.id, name: 'data.pdf', size: pdf.length, contentType: 'application/pdf' };
    const refused = await apply(stranger.token, strangerOpening.id, { answers: { cv: claimed } });
    expect(refused.status).toBe(400);
    expect(refused.body.exception.error.fields).toEqual([
      { field: 'answers.cv', message: 'Upload the file again: it was not found.' },
    ]);

    const submitted = await apply(token, opening.id, { answers: { cv: { ...claimed, name: 'renamed.exe' } } });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(submitted.body.result.data.answers.cv).toEqual(claimed);
    // Sent with the application, the organization may read it.
    const link = await server.call(`/api/files/${data.id}/link`, { token: orgToken });
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const strangerLink = await server.call(`/api/files/${data.id}/link`, { token: stranger.token });
    expect(strangerLink.status).toBe(403);
  });
});
