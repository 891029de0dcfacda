/**
 * The request-overhead baselines of `npm run bench`: Fastify with nothing registered, answering BARE_METHOD (default
 * GET) at BARE_PATH (default /api/health) with
 * - BARE_BODY, after `SELECT 1` through a pg pool when DATABASE_URL is set; or
 * - with BARE_SQL set, a signed-in request's floor: the access token's HS256 signature checked with node:crypto
 *   (JWT_SECRET), then BARE_SQL's statements one after another, each a named prepared statement, the last one's first
 *   row sent as the envelope's data — or, when any statement is marked `many`, every statement's result in order
 *   (a `many` statement's every row, the others' first row), so a page's rows are serialised as the server's are.
 *   BARE_SQL is a JSON list of `{ text, params, many? }`; each parameter is `user` (the token's user id), `session`
 *   (its session id), `body.<field>` (a field of the JSON request body, objects as JSON) or `query.<field>` (a field
 *   of the query string).
 * What the real server spends beyond this is its plugins, hooks, logging, validation, mapping and presenting.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

interface Statement {
  text: string;
  params: string[];
  many?: boolean;
}

const body: unknown = JSON.parse(process.env.BARE_BODY ?? '{}');
const statements: Statement[] = JSON.parse(process.env.BARE_SQL ?? '[]');
const key = Buffer.from(process.env.JWT_SECRET ?? '');
const pool = process.env.DATABASE_URL
  ? new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) })
  : null;

/** The token's user and session ids, or null when it is not a token signed with JWT_SECRET. */
function claimsOf(authorization: string | undefined): { user: number; session: string } | null {
  const token = authorization?.replace(/^Bearer /, '') ?? '';
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) return null;
  const expected = createHmac('sha256', key).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const { sub, sid } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  return { user: Number(sub), session: String(sid) };
}

function parameterValue(
  param: string,
  claims: { user: number; session: string },
  requestBody: unknown,
  query: unknown,
): unknown {
  if (param === 'user' || param === 'session') return claims[param];
  if (param.startsWith('query.')) return (query as Record<string, unknown>)[param.slice('query.'.length)];
  const value = (requestBody as Record<string, unknown> | null)?.[param.replace(/^body\./, '')];
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : value;
}

const app = Fastify();
const path = process.env.BARE_PATH ?? '/api/health';
// The bench waits for /api/health before it measures.
if (path !== '/api/health') app.get('/api/health', async () => ({}));
app.route({
  method: process.env.BARE_METHOD ?? 'GET',
  url: path,
  handler: async (request, reply) => {
    if (statements.length > 0 && pool) {
      const claims = claimsOf(request.headers.authorization);
      if (!claims) return reply.code(401).send({ status: 'error' });
      const results: unknown[] = [];
      for (const [index, { text, params, many }] of statements.entries()) {
        const values = params.map((param) => parameterValue(param, claims, request.body, request.query));
        const { rows } = await pool.query({ name: `bare_${index}`, text, values });
        results.push(many ? rows : (rows[0] ?? null));
      }
      const data = statements.some((statement) => statement.many) ? results : (results.at(-1) ?? null);
      return { status: 'success', result: { data, message: '' } };
    }
    if (pool) await pool.query('select 1');
    return body;
  },
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.once('SIGTERM', () => {
  void app
    .close()
    .then(() => pool?.end())
    .then(() => process.exit(0));
});
