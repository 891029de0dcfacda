import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';

const drizzleDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
const journal = JSON.parse(readFileSync(path.join(drizzleDir, 'meta/_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};

async function apply(db: PGlite, tag: string) {
  const text = readFileSync(path.join(drizzleDir, `${tag}.sql`), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) {
    if (statement.trim()) await db.exec(statement);
  }
}

describe('migration 0010 (organization teams)', () => {
  it('makes every existing organization account an organization with itself as the only owner; nothing else moves', async () => {
    const db = await PGlite.create();
    const tags = journal.entries.map((entry) => entry.tag);
    const teams = tags.indexOf('0010_organization_teams');
    expect(teams, 'the migration under test is in the journal').toBeGreaterThan(0);
    for (const tag of tags.slice(0, teams)) await apply(db, tag);
    await db.exec(`
      INSERT INTO users (email, name, account_type) VALUES
        ('hiring@acme.test', 'Acme', 'Organization'), ('asha@example.test', 'Asha', 'Individual'), ('new@example.test', 'New', NULL);
      INSERT INTO openings (organization_id, title, kind, deadline, eligibility)
        SELECT id, 'Intern', 'internship', now() + interval '1 day', '{}'::jsonb FROM users WHERE account_type = 'Organization';
    `);
    for (const tag of tags.slice(teams)) await apply(db, tag);

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
  });
});
