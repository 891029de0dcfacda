import path from 'node:path';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    poolSize: config.databasePoolSize,
  });
  await database.migrate();
  const { app, ctx } = await buildApp(config, database.db);

  const maintenance = database.startMaintenance?.(app.log);
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    maintenance?.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const identity = ctx.identity.provider === 'google' ? 'Google' : 'the development identity provider';
  const storage = database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${path.join(config.dataDir, 'pglite')}`;
  process.stdout.write(`\nPlacely is running at ${ctx.publicUrl()}  (database: ${storage}; sign-in: ${identity})\n\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Placely could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
