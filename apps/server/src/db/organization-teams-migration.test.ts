import { describe, expect, it } from 'vitest';
import { MIGRATION_REPLAY_TIMEOUT_MS, migratedUpTo } from '../test/migrations';

describe('migration 0010 (organization teams)', () => {
  it(
    'makes every existing organization account an organization with itself as the only owner; nothing else moves',
    async () => {
      const { db, finish } = await migratedUpTo('0010_organization_teams');
      await db.exec(`
      INSERT INTO users (email, name, account_type) VALUES
        ('hiring@acme.test', 'Acme', 'Organization'), ('asha@example.test', 'Asha', 'Individual'), ('new@example.test', 'New', NULL);
      INSERT INTO openings (organization_id, title, kind, deadline, eligibility)
        SELECT id, 'Intern', 'internship', now() + interval '1 day', '{}'::jsonb FROM users WHERE account_type = 'Organization';
    `);
      await finish();

      const organizations = await db.query<{ id: string; email: string }>(
        'SELECT o.id, u.email FROM organizations o JOIN users u ON u.id = o.id',
      );
      expect(organizations.rows.map((row) => row.email)).toEqual(['hiring@acme.test']);
      const members = await db.query<{ organization_id: string; user_id: string; email: string; role: string }>(
        'SELECT organization_id, user_id, email, role, claimed_at IS NOT NULL AS claimed FROM organization_members',
      );
      expect(members.rows).toEqual([
        {
          organization_id: organizations.rows[0]?.id,
          user_id: organizations.rows[0]?.id,
          email: 'hiring@acme.test',
          role: 'owner',
          claimed: true,
        },
      ]);
      const openings = await db.query<{ organization_id: string }>('SELECT organization_id FROM openings');
      expect(openings.rows).toEqual([{ organization_id: organizations.rows[0]?.id }]);
      await db.close();
    },
    MIGRATION_REPLAY_TIMEOUT_MS,
  );
});
