import type { Scenario } from '../scenario';
import { publicPortfolioIdOf } from '../seed';

/**
 * A full profile read: the owner opens their portfolio showing every section (10 entries each), i.e. the
 * authentication lookup, the portfolio with its person, and the six section lists. Owners' reads record no view.
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
  baselineSql: `\\set uid random(1, :users)
SELECT u.* FROM users u JOIN refresh_token_families f ON f.user_id = u.id AND f.revoked_at IS NULL WHERE u.id = :uid LIMIT 1;
SELECT p.*, u.*, ip.* FROM portfolios p JOIN users u ON u.id = p.user_id LEFT JOIN individual_profiles ip ON ip.user_id = p.user_id WHERE p.public_id = 'p' || lpad(CAST(:uid AS text), 11, '0');
SELECT * FROM education_entries WHERE user_id = :uid ORDER BY end_month DESC NULLS FIRST, created_at DESC;
SELECT * FROM experience_entries WHERE user_id = :uid ORDER BY end_month DESC NULLS FIRST, created_at DESC;
SELECT * FROM project_entries WHERE user_id = :uid ORDER BY end_month DESC NULLS FIRST, created_at DESC;
SELECT * FROM skills WHERE user_id = :uid ORDER BY created_at, id;
SELECT * FROM other_entries WHERE user_id = :uid ORDER BY month DESC NULLS LAST, created_at DESC;
SELECT * FROM placement_entries WHERE user_id = :uid ORDER BY month DESC NULLS LAST, created_at DESC;
`,
};
