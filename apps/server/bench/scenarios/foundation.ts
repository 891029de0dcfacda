import type { Scenario } from '../scenario';

/** The framework floor: routing, envelope and one trivial query. */
export const health: Scenario = {
  name: 'GET /api/health',
  // autocannon 9 reads the path from `url` or `requests`, never from a top-level `path`.
  load: () => ({ requests: [{ method: 'GET', path: '/api/health' }] }),
  baselineSql: 'SELECT 1;',
  baselineName: 'SELECT 1',
  bareBaselines: [
    { name: 'bare Fastify, same JSON', path: '/api/health', selectOne: false },
    { name: 'bare Fastify + pg SELECT 1, same JSON', path: '/api/health', selectOne: true },
  ],
};

/** A full profile read for random signed-in users: authentication (user + live session) and the profile queries. */
export const profile: Scenario = {
  name: 'GET /api/user/profile',
  load: ({ tokens }) => {
    let next = 0;
    return {
      requests: [
        {
          method: 'GET',
          path: '/api/user/profile',
          setupRequest: (request) => {
            const token = tokens[next % tokens.length] as string;
            next += 1;
            return { ...request, headers: { ...request.headers, authorization: token } };
          },
        },
      ],
    };
  },
  baselineSql: `\\set uid random(1, :users)
SELECT u.* FROM users u JOIN refresh_token_families f ON f.user_id = u.id AND f.revoked_at IS NULL WHERE u.id = :uid LIMIT 1;
SELECT * FROM phone_numbers WHERE user_id = :uid AND is_deleted = false ORDER BY created_at, id;
SELECT * FROM individual_profiles WHERE user_id = :uid LIMIT 1;
SELECT * FROM organization_profiles WHERE user_id = :uid LIMIT 1;
`,
};
