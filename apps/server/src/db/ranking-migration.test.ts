import { describe, expect, it } from 'vitest';
import { MIGRATION_REPLAY_TIMEOUT_MS, migratedUpTo } from '../test/migrations';

describe('migration 0018 (ranking)', () => {
  it(
    'gives existing and new openings the "Overall" rating criterion; ratings stay within 1–5',
    async () => {
      const { db, finish } = await migratedUpTo('0018_ranking');
      await db.exec(`
      INSERT INTO users (email, name, account_type) VALUES ('hiring@acme.test', 'Acme', 'Organization'),
        ('a@example.test', 'A', 'Individual');
      INSERT INTO openings (organization_id, title, kind, deadline, eligibility)
        SELECT id, 'Existing', 'internship', now() + interval '1 day', '{}'::jsonb FROM users WHERE account_type = 'Organization';
    `);
      await finish();
      await db.exec(`
      INSERT INTO openings (organization_id, title, kind, deadline, eligibility)
        SELECT id, 'New', 'internship', now() + interval '1 day', '{}'::jsonb FROM users WHERE account_type = 'Organization';
      INSERT INTO applications (opening_id, applicant_id, form_version, answers, idempotency_key)
        SELECT o.id, u.id, 1, '{}'::jsonb, 'key-' || u.id || '-0123456789abcdef'
        FROM openings o, users u WHERE o.title = 'New' AND u.account_type = 'Individual';
    `);
      const criteria = await db.query<{ title: string; name: string; position: number }>(
        `SELECT o.title, c.name, c.position FROM rating_criteria c JOIN openings o ON o.id = c.opening_id ORDER BY o.title`,
      );
      expect(criteria.rows).toEqual([
        { title: 'Existing', name: 'Overall', position: 0 },
        { title: 'New', name: 'Overall', position: 0 },
      ]);
      await expect(
        db.exec(`INSERT INTO candidate_ratings (application_id, criterion_id, rater_id, score)
        SELECT a.id, c.id, a.applicant_id, 6 FROM applications a JOIN rating_criteria c ON c.opening_id = a.opening_id`),
      ).rejects.toThrow(/candidate_ratings_score_range/);
    },
    MIGRATION_REPLAY_TIMEOUT_MS,
  );
});
