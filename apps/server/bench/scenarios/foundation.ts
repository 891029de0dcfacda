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
  // The handler's one statement: the user row with the session check, both profile rows and the phone numbers.
  baselineName: 'user, session check, profiles and phone numbers in one read',
  // The floor of any Node.js server on pg for this read: the token checked and the same statement, nothing else.
  bareBaselines: [
    {
      name: 'bare Fastify + pg: token check, the same one read',
      path: '/api/user/profile',
      selectOne: false,
      statements: () => [
        {
          params: ['user', 'session'],
          text: `SELECT u.*, EXISTS (SELECT 1 FROM refresh_token_families f
    WHERE f.id = $2 AND f.user_id = u.id AND f.revoked_at IS NULL) AS session_live, ip.*, op.*,
  coalesce((SELECT jsonb_agg(to_jsonb(p) ORDER BY p.created_at, p.id) FROM phone_numbers p
    WHERE p.user_id = u.id AND p.is_deleted = false), '[]'::jsonb) AS phones
FROM users u LEFT JOIN individual_profiles ip ON ip.user_id = u.id LEFT JOIN organization_profiles op ON op.user_id = u.id
WHERE u.id = $1`,
        },
      ],
    },
  ],
  baselineSql: `\\set uid random(1, :users)
SELECT u.*, EXISTS (SELECT 1 FROM refresh_token_families f WHERE f.user_id = u.id AND f.revoked_at IS NULL), ip.*, op.*,
  coalesce((SELECT jsonb_agg(to_jsonb(p) ORDER BY p.created_at, p.id) FROM phone_numbers p
    WHERE p.user_id = u.id AND p.is_deleted = false), '[]'::jsonb)
FROM users u LEFT JOIN individual_profiles ip ON ip.user_id = u.id LEFT JOIN organization_profiles op ON op.user_id = u.id
WHERE u.id = :uid;
`,
};
