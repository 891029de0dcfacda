import type { Scenario } from '../scenario';
import { publicPortfolioIdOf } from '../seed';

/**
 * A full profile read: the owner opens their portfolio showing every section (10 entries each), i.e. the
 * authentication lookup, the portfolio with its person, the six section lists and the badges. Owners' reads record
 * no view.
 */
export const fullProfile: Scenario = {
  name: 'GET /api/individual/portfolio/id (owner, 6 sections × 10)',
  load: ({ tokens, userIds }) => {
    const individuals = userIds
      .map((userId, index) => ({ userId, token: tokens[index] as string }))
      .filter(({ userId }) => userId % 10 !== 0);
    let next = 0;
    return {
      requests: [
        {
          method: 'GET',
          setupRequest: (request) => {
            const { userId, token } = individuals[next % individuals.length] as { userId: number; token: string };
            next += 1;
            return {
              ...request,
              path: `/api/individual/portfolio/id?portfolioId=${publicPortfolioIdOf(userId)}`,
              headers: { ...request.headers, authorization: token },
            };
          },
        },
      ],
    };
  },
  // The handler's statements: the caller's authentication, the portfolio with its person, the shown sections in one
  // read (one JSON list per section, each in its order), and the person's verification badges.
  baselineName: 'auth, portfolio, six sections in one read, badges',
  // The floor: the token checked, then the same four statements, every row sent.
  bareBaselines: [
    {
      name: 'bare Fastify + pg: token check, the same four statements (rows sent)',
      path: '/api/individual/portfolio/id',
      selectOne: false,
      statements: () => {
        const [auth, portfolio, sections, badges] = portfolioStatements('$1', '$1', 'f.id = $2 AND ');
        return [
          { text: auth, params: ['user', 'session'] },
          { text: portfolio, params: ['query.portfolioId'] },
          { text: sections, params: ['user'] },
          { text: badges, params: ['user'], many: true },
        ];
      },
    },
  ],
  baselineSql: `\\set uid random(1, :users)
${portfolioStatements(':uid', "'p' || lpad(CAST(:uid AS text), 11, '0')", '').join(';\n')};
`,
};

/**
 * The portfolio read's four statements for the owner `uid` reading the portfolio `publicId`; `session` narrows the
 * session check to the token's.
 */
function portfolioStatements(uid: string, publicId: string, session: string): [string, string, string, string] {
  return [
    `SELECT u.* FROM users u JOIN refresh_token_families f ON ${session}f.user_id = u.id AND f.revoked_at IS NULL WHERE u.id = ${uid} LIMIT 1`,
    `SELECT p.*, u.*, ip.* FROM portfolios p JOIN users u ON u.id = p.user_id LEFT JOIN individual_profiles ip ON ip.user_id = p.user_id WHERE p.public_id = ${publicId}`,
    `SELECT coalesce((SELECT jsonb_agg(to_jsonb(t) ORDER BY t.end_month DESC NULLS FIRST, t.created_at DESC) FROM education_entries t WHERE t.user_id = ${uid}), '[]'::jsonb),
  coalesce((SELECT jsonb_agg(to_jsonb(t) ORDER BY t.end_month DESC NULLS FIRST, t.created_at DESC) FROM experience_entries t WHERE t.user_id = ${uid}), '[]'::jsonb),
  coalesce((SELECT jsonb_agg(to_jsonb(t) ORDER BY t.end_month DESC NULLS FIRST, t.created_at DESC) FROM project_entries t WHERE t.user_id = ${uid}), '[]'::jsonb),
  coalesce((SELECT jsonb_agg(to_jsonb(t) ORDER BY t.created_at, t.id) FROM skills t WHERE t.user_id = ${uid}), '[]'::jsonb),
  coalesce((SELECT jsonb_agg(to_jsonb(t) ORDER BY t.month DESC NULLS LAST, t.created_at DESC) FROM other_entries t WHERE t.user_id = ${uid}), '[]'::jsonb),
  coalesce((SELECT jsonb_agg(to_jsonb(t) ORDER BY t.month DESC NULLS LAST, t.created_at DESC) FROM placement_entries t WHERE t.user_id = ${uid}), '[]'::jsonb)`,
    `SELECT DISTINCT ON (rv.record_kind, rv.record_id, rv.verification_group_id) rv.subject_user_id, rv.record_kind, rv.record_id,
  rv.verification_group_id, g.name, vu.name, rv.decision, rv.decided_at
FROM record_verifications rv
JOIN verification_groups g ON g.id = rv.verification_group_id AND g.deleted_at IS NULL AND g.approval_state = 'approved'
JOIN users vu ON vu.id = rv.verifier_id
WHERE rv.subject_user_id IN (${uid}) AND rv.voided_at IS NULL
ORDER BY rv.record_kind, rv.record_id, rv.verification_group_id, rv.decided_at DESC, rv.id DESC`,
  ];
}
