import path from 'node:path';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'pglite'),
});
await database.migrate();
await database.close();
process.stdout.write(`Migrations applied (${database.kind}).\n`);
