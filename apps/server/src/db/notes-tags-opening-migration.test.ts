import { describe, expect, it } from 'vitest';
import { MIGRATION_REPLAY_TIMEOUT_MS, migratedUpTo } from '../test/migrations';

describe('migration 0032 (the opening on notes and tag links)', () => {
  it(
    'gives every existing note and tag link its application’s opening, and then requires one',
    async () => {
      const { db, finish } = await migratedUpTo('0032_notes_tags_opening');
      await db.exec(`
      INSERT INTO users (email, name, account_type) VALUES
        ('hiring@acme.test', 'Acme', 'Organization'), ('asha@example.test', 'Asha', 'Individual');
      INSERT INTO organizations (id) SELECT id FROM users WHERE email = 'hiring@acme.test';
      INSERT INTO openings (organization_id, title, kind, deadline, eligibility)
        SELECT id, title, 'internship', now() + interval '1 day', '{}'::jsonb
        FROM users CROSS JOIN (VALUES ('Intern'), ('Analyst')) t(title) WHERE email = 'hiring@acme.test';
      INSERT INTO applications (opening_id, applicant_id, form_version, answers, idempotency_key)
        SELECT o.id, u.id, 1, '{}'::jsonb, o.title FROM openings o CROSS JOIN users u WHERE u.email = 'asha@example.test';
      INSERT INTO application_notes (application_id, body)
        SELECT a.id, 'Note on ' || o.title FROM applications a JOIN openings o ON o.id = a.opening_id;
      INSERT INTO candidate_tags (organization_id, name) SELECT id, 'Referral' FROM organizations;
      INSERT INTO application_tags (application_id, tag_id)
        SELECT a.id, t.id FROM applications a CROSS JOIN candidate_tags t;
    `);
      await finish();

      const notes = await db.query<{ body: string; title: string }>(
        `SELECT n.body, o.title FROM application_notes n JOIN openings o ON o.id = n.opening_id ORDER BY n.body`,
      );
      expect(notes.rows).toEqual([
        { body: 'Note on Analyst', title: 'Analyst' },
        { body: 'Note on Intern', title: 'Intern' },
      ]);
      const tags = await db.query<{ same: boolean }>(
        `SELECT t.opening_id = a.opening_id AS same FROM application_tags t JOIN applications a ON a.id = t.application_id`,
      );
      expect(tags.rows).toEqual([{ same: true }, { same: true }]);
      await expect(
        db.exec(
          `INSERT INTO application_notes (application_id, body) SELECT id, 'no opening' FROM applications LIMIT 1`,
        ),
      ).rejects.toThrow(/opening_id/);
      await db.close();
    },
    MIGRATION_REPLAY_TIMEOUT_MS,
  );
});
