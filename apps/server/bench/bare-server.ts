/**
 * The request-overhead baseline of `npm run bench`: Fastify with nothing registered, answering BARE_BODY at
 * /api/health, after `SELECT 1` through a pg pool when DATABASE_URL is set. What the real server spends beyond this
 * is its plugins, hooks, logging, validation and serialization.
 */
import Fastify from 'fastify';
import pg from 'pg';

const body: unknown = JSON.parse(process.env.BARE_BODY ?? '{}');
const pool = process.env.DATABASE_URL
  ? new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) })
  : null;
const app = Fastify();
app.get('/api/health', async () => {
  if (pool) await pool.query('select 1');
  return body;
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.once('SIGTERM', () => {
  void app
    .close()
    .then(() => pool?.end())
    .then(() => process.exit(0));
});
