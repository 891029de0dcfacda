import type { BenchDb } from './scenario';

/**
 * Large data, set-based: `users` accounts (every tenth an organization) with ids 1..users, their profiles, one to
 * three phone numbers each (some soft-deleted), auto-fill data, and a live session family per user so that
 * authentication reads tables of realistic size.
 */
export async function seedFoundation(client: BenchDb, users: number): Promise<void> {
  await client.query(`
    INSERT INTO institutions (name, city, domain)
    SELECT 'Institute ' || g, 'City ' || (g % 50), 'inst' || g || '.bench.placely.test'
    FROM generate_series(1, 500) g
  `);
  await client.query(
    `
    INSERT INTO users (id, email, name, account_type, institution_id)
    OVERRIDING SYSTEM VALUE
    SELECT g, 'user' || g || '@bench.placely.test', 'Bench User ' || g,
           CASE WHEN g % 10 = 0 THEN 'Organization' ELSE 'Individual' END,
           CASE WHEN g % 10 = 0 THEN NULL ELSE 1 + (g % 500) END
    FROM generate_series(1, $1::int) g
  `,
    [users],
  );
  await client.query(`SELECT setval('users_id_seq', $1::int)`, [users]);
  await client.query(`
    INSERT INTO individual_profiles (user_id, name, headline, about, location, linkedin, github)
    SELECT id, name, 'Final-year student', repeat('About me. ', 20), 'Bengaluru',
           'https://linkedin.com/in/u' || id, 'https://github.com/u' || id
    FROM users WHERE account_type = 'Individual'
  `);
  await client.query(`
    INSERT INTO organization_profiles (user_id, name, website, industry, size, about, locations, contact_email)
    SELECT id, 'Company ' || id, 'https://c' || id || '.example', 'Software', '51-200', repeat('We build. ', 20),
           ARRAY['Bengaluru', 'Pune'], 'hr' || id || '@bench.placely.test'
    FROM users WHERE account_type = 'Organization'
  `);
  // Every organization account is its own organization with itself as owner (what sign-up and migration 0010 give
  // real accounts), so organization-scoped routes see the bench organizations' owners.
  await client.query(`INSERT INTO organizations (id) SELECT id FROM users WHERE account_type = 'Organization'`);
  await client.query(`
    INSERT INTO organization_members (organization_id, user_id, email, role, claimed_at)
    SELECT id, id, lower(email), 'owner', now() FROM users WHERE account_type = 'Organization'
  `);
  await client.query(`
    INSERT INTO phone_numbers (user_id, number, is_verified, is_primary, is_deleted)
    SELECT u.id, '+9198' || lpad((u.id * 10 + n)::text, 8, '0'), n = 1, n = 1, n = 3
    FROM users u CROSS JOIN generate_series(1, 3) n
    WHERE n <= 1 + (u.id % 3)
  `);
  await client.query(`
    INSERT INTO auto_fill_data (user_id, data)
    SELECT id, jsonb_build_object('name', name, 'email', email, 'location', 'Bengaluru') FROM users
  `);
  await client.query(`INSERT INTO refresh_token_families (user_id) SELECT id FROM users`);
  await client.query('ANALYZE');
}

/**
 * Full profiles: `perSection` entries in each profile section for every individual, and one public portfolio
 * showing all sections, whose public id is derivable from the user id (`p` + 11 digits).
 */
export async function seedProfileSections(client: BenchDb, perSection: number): Promise<void> {
  const individuals = `FROM users u CROSS JOIN generate_series(1, ${perSection}) n WHERE u.account_type = 'Individual'`;
  await client.query(`
    INSERT INTO education_entries (user_id, institution_name, degree, field_of_study, start_month, end_month, grade, grade_scale, roll_number)
    SELECT u.id, 'Institute ' || (u.id % 500), 'B.Tech', 'Computer Science', (2010 + n) || '-08', (2014 + n) || '-05',
           7 + (n % 3), 'CGPA_10', 'R' || u.id || '-' || n
    ${individuals}`);
  await client.query(`
    INSERT INTO experience_entries (user_id, organization, title, kind, location, start_month, end_month, description)
    SELECT u.id, 'Company ' || n, 'Engineer', 'internship', 'Bengaluru', (2010 + n) || '-05', (2010 + n) || '-07',
           repeat('Shipped features and fixed bugs. ', 6)
    ${individuals}`);
  await client.query(`
    INSERT INTO project_entries (user_id, title, role, start_month, description, technologies, link)
    SELECT u.id, 'Project ' || n, 'Lead', (2012 + n) || '-01', repeat('Built a thing. ', 8), ARRAY['TypeScript', 'PostgreSQL'],
           'https://example.com/p/' || u.id || '/' || n
    ${individuals}`);
  await client.query(`
    INSERT INTO other_entries (user_id, kind, title, issuer, month)
    SELECT u.id, 'certification', 'Certificate ' || n, 'Issuer', (2012 + n) || '-03'
    ${individuals}`);
  await client.query(`
    INSERT INTO placement_entries (user_id, organization, role, offer_kind, compensation, currency, month, status)
    SELECT u.id, 'Employer ' || n, 'SDE', 'full-time', 1000000 + n, 'INR', (2014 + n) || '-12', 'offered'
    ${individuals}`);
  await client.query(`
    INSERT INTO skills (user_id, name, level)
    SELECT u.id, 'Skill ' || n, 'advanced'
    ${individuals}`);
  await client.query(`
    INSERT INTO portfolios (user_id, public_id, title, visibility, sections)
    SELECT id, 'p' || lpad(id::text, 11, '0'), 'Portfolio', 'public',
           '["education","experience","projects","skills","others","placements"]'::jsonb
    FROM users WHERE account_type = 'Individual'`);
  await client.query('ANALYZE');
}

export const publicPortfolioIdOf = (userId: number) => `p${String(userId).padStart(11, '0')}`;
