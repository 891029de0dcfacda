import { describe, expect, it } from 'vitest';
import { MIGRATION_REPLAY_TIMEOUT_MS, migratedUpTo } from '../test/migrations';

describe('migration 0013 (shortlisting)', () => {
  it(
    'turns the free-text stage of existing applications into stages of their opening; nothing is lost',
    async () => {
      const { db, finish } = await migratedUpTo('0013_shortlisting');
      await db.exec(`
      INSERT INTO users (email, name, account_type) VALUES ('hiring@acme.test', 'Acme', 'Organization'),
        ('a@example.test', 'A', 'Individual'), ('b@example.test', 'B', 'Individual'),
        ('c@example.test', 'C', 'Individual'), ('d@example.test', 'D', 'Individual');
      INSERT INTO openings (organization_id, title, kind, deadline, eligibility)
        SELECT id, 'Intern', 'internship', now() + interval '1 day', '{}'::jsonb FROM users WHERE account_type = 'Organization';
      INSERT INTO applications (opening_id, applicant_id, form_version, answers, stage, idempotency_key)
        SELECT o.id, u.id, 1, '{}'::jsonb,
          CASE u.email WHEN 'a@example.test' THEN NULL WHEN 'b@example.test' THEN ' shortlisted '
            WHEN 'c@example.test' THEN 'Interview 1' ELSE 'interview 1' END,
          'key-' || u.id || '-0123456789abcdef'
        FROM openings o, users u WHERE u.account_type = 'Individual';
    `);
      await finish();

      const stages = await db.query<{ name: string; kind: string; position: number }>(
        'SELECT name, kind, position FROM opening_stages ORDER BY position',
      );
      expect(stages.rows).toEqual([
        { name: 'Applied', kind: 'applied', position: 0 },
        { name: 'Shortlisted', kind: 'shortlisted', position: 1 },
        { name: 'Interview 1', kind: 'custom', position: 2 },
        { name: 'Offered', kind: 'offered', position: 3 },
        { name: 'Hired', kind: 'hired', position: 4 },
        { name: 'Rejected', kind: 'rejected', position: 5 },
        { name: 'Withdrawn', kind: 'withdrawn', position: 6 },
      ]);
      const placed = await db.query<{ email: string; stage: string }>(
        `SELECT u.email, s.name AS stage FROM applications a JOIN users u ON u.id = a.applicant_id
       JOIN opening_stages s ON s.id = a.stage_id ORDER BY u.email`,
      );
      expect(placed.rows).toEqual([
        { email: 'a@example.test', stage: 'Applied' },
        { email: 'b@example.test', stage: 'Shortlisted' },
        { email: 'c@example.test', stage: 'Interview 1' },
        { email: 'd@example.test', stage: 'Interview 1' },
      ]);

      // New openings get the fixed stages and new applications start in Applied, whoever inserts them.
      await db.exec(`
      INSERT INTO openings (organization_id, title, kind, deadline, eligibility)
        SELECT id, 'Second', 'internship', now() + interval '1 day', '{}'::jsonb FROM users WHERE account_type = 'Organization';
      INSERT INTO applications (opening_id, applicant_id, form_version, answers, idempotency_key)
        SELECT o.id, u.id, 1, '{}'::jsonb, 'new-' || u.id || '-0123456789abcdef'
        FROM openings o, users u WHERE o.title = 'Second' AND u.email = 'a@example.test';
    `);
      const fresh = await db.query<{ kind: string }>(
        `SELECT s.kind FROM applications a JOIN openings o ON o.id = a.opening_id AND o.title = 'Second'
       JOIN opening_stages s ON s.id = a.stage_id`,
      );
      expect(fresh.rows).toEqual([{ kind: 'applied' }]);
      // A stage of another opening is refused.
      await expect(
        db.exec(`UPDATE applications SET stage_id = (SELECT s.id FROM opening_stages s JOIN openings o ON o.id = s.opening_id
        WHERE o.title = 'Intern' AND s.kind = 'hired') WHERE idempotency_key LIKE 'new-%'`),
      ).rejects.toThrow(/applications_stage_fk/);
      await db.close();
    },
    MIGRATION_REPLAY_TIMEOUT_MS,
  );
});
