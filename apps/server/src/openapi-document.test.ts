import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SwaggerParser from '@apidevtools/swagger-parser';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config';
import type { RouteQueryRecord } from './http/strict-query';
import { createEmptyDatabase, openTestDatabase } from './test/database';

/**
 * The API's document as integrators get it: from the built server started the way `npm start` starts it
 * (scripts/start.mjs: `node apps/server/dist/main.js`, the built web app served and its server-rendering bundle
 * loaded in the same process). The suites' in-process servers serve no web app, so none of them could see the
 * document fail when the server-rendering bundle's copy of the contract named a schema again (issue #39).
 */
const root = path.resolve(import.meta.dirname, '../../..');
const serverEntry = path.join(root, 'apps/server/dist/main.js');
const webDist = path.join(root, 'apps/web/dist');
const ssrEntry = path.join(root, 'apps/web/dist-ssr/server.js');

type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
};
type Operation = {
  parameters?: { in: string; name: string; schema?: unknown }[];
  requestBody?: { content: Record<string, { schema?: unknown }> };
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};

/** Fastify's `/:id` as the document writes it, `/{id}`. */
const documentedPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

let server: ChildProcess | undefined;
let baseUrl = '';
let dropDatabase: (() => Promise<void>) | undefined;
let dataDir = '';
/** What the built server printed: shown when a check of its document fails. */
let serverOutput = '';

async function startBuiltServer(): Promise<string> {
  dataDir = await mkdtemp(path.join(tmpdir(), 'placely-openapi-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // As scripts/start.mjs runs it.
    NODE_ENV: 'development',
    RESPONSE_CHECKS: 'trusted',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  delete env.PUBLIC_URL;
  delete env.WEB_DIST_DIR;
  if (process.env.TEST_DATABASE_URL) {
    const database = await createEmptyDatabase(process.env.TEST_DATABASE_URL);
    env.DATABASE_URL = database.url;
    dropDatabase = database.drop;
  }
  const child = spawn(process.execPath, ['--enable-source-maps', serverEntry], { cwd: root, env });
  server = child;
  const output = () => serverOutput;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the built server did not start in time:\n${output()}`)), 180_000);
    const read = (chunk: Buffer) => {
      serverOutput += chunk.toString();
      const url = /Placely is running at (http:\/\/\S+)/.exec(serverOutput)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve(url);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the built server exited (${code}):\n${output()}`));
    });
  });
}

/** Every API route as the server registers it when it serves the built web app: its own route table (`routeTable`). */
async function registeredApiRoutes(): Promise<RouteQueryRecord[]> {
  const database = await openTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '0' }, { webDistDir: webDist });
  const { app, routeTable } = await buildApp(config, database.db);
  await app.ready();
  await app.close();
  await database.close();
  return routeTable.filter((route) => route.method !== 'OPTIONS' && !route.schema.hide);
}

beforeAll(async () => {
  if (!existsSync(serverEntry) || !existsSync(path.join(webDist, 'index.html')) || !existsSync(ssrEntry)) {
    throw new Error('The build is missing: run `npm run build` (npm test builds before it tests).');
  }
  baseUrl = await startBuiltServer();
  // Public pages render through the server-rendering bundle, which loads each route's modules on first use.
  for (const page of ['/', '/forms/00000000-0000-4000-8000-000000000000', '/viewer/abcdefabcdef', '/joinGroupLink/1']) {
    const response = await fetch(`${baseUrl}${page}`);
    await response.text();
  }
}, 240_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await dropDatabase?.();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('the OpenAPI document of the built server, web app served', () => {
  let document: OpenApiDocument;
  beforeAll(async () => {
    const json = await fetch(`${baseUrl}/api/docs/json`);
    if (json.status !== 200) {
      await new Promise((resolve) => setTimeout(resolve, 500)); // the log is written in batches
      throw new Error(`GET /api/docs/json → ${json.status}; the server's log:\n${serverOutput}`);
    }
    document = (await json.json()) as OpenApiDocument;
  });

  it('serves the server-rendered web app and the document as JSON and YAML', async () => {
    const home = await fetch(`${baseUrl}/`);
    expect(home.status).toBe(200);
    // Rendered by the server-rendering bundle, whose copy of the contract once broke the document.
    expect(await home.text()).toMatch(/<div id="root" data-ssr=/);
    expect(document.openapi).toBe('3.1.0');

    const yaml = await fetch(`${baseUrl}/api/docs/yaml`);
    expect(yaml.status).toBe(200);
    expect(await yaml.text()).toMatch(/^openapi: 3\.1\.0/m);
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    // The validator dereferences in place: give it a copy.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });

  it('documents every registered route with its request and response schemas', async () => {
    const routes = await registeredApiRoutes();
    expect(routes.length).toBeGreaterThan(200);
    const problems: string[] = [];
    for (const { method, url, schema } of routes) {
      const name = `${method} ${url}`;
      const operation = document.paths[documentedPath(url)]?.[method.toLowerCase()];
      if (!operation) {
        problems.push(`${name}: not in the document`);
        continue;
      }
      const responses = Object.entries(operation.responses ?? {});
      // A success is a described body (2xx) or a redirect, which has none.
      if (!responses.some(([status, response]) => (/^2/.test(status) && response.content) || /^3/.test(status))) {
        problems.push(`${name}: no success response schema`);
      }
      if (schema.body && !operation.requestBody?.content) problems.push(`${name}: body schema not documented`);
      for (const part of ['querystring', 'params'] as const) {
        // Every route has a query schema (strict: unknown fields refused); one that names no field has nothing to list.
        const fields = (schema[part] as { shape?: Record<string, unknown> } | undefined)?.shape;
        if (!fields || Object.keys(fields).length === 0) continue;
        const where = part === 'params' ? 'path' : 'query';
        if (!operation.parameters?.some((parameter) => parameter.in === where && parameter.schema)) {
          problems.push(`${name}: ${part} schema not documented`);
        }
      }
    }
    expect(problems).toEqual([]);
  }, 180_000);

  it('generates a typed client that compiles and types the envelope', async () => {
    const source = astToString(await openapiTS(structuredClone(document) as never));
    const dir = await mkdtemp(path.join(tmpdir(), 'placely-openapi-client-'));
    try {
      await writeFile(path.join(dir, 'placely-api.ts'), source);
      // What an integrator writes against the generated types: a wrong field or status fails to compile.
      await writeFile(
        path.join(dir, 'use.ts'),
        `import type { paths } from './placely-api';
type Json<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;
type Health = Json<paths['/api/health']['get']['responses'][200]>;
export const healthy: Health['status'] = 'success';
type SignInBody = NonNullable<paths['/api/user/signIn']['post']['requestBody']>['content']['application/json'];
export const signIn: SignInBody = { assumeStudent: true };
type Profile = Json<paths['/api/user/profile']['get']['responses'][200]>;
export const profileMessage = (profile: Profile): string => profile.result.message;
// @ts-expect-error assumeStudent is a boolean in the document
export const wrong: SignInBody = { assumeStudent: 'yes' };
`,
      );
      const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
      const args = ['--noEmit', '--strict', '--target', 'es2022', '--module', 'nodenext', '--skipLibCheck'];
      const run = promisify(execFile);
      await expect(
        run(process.execPath, [tsc, ...args, path.join(dir, 'use.ts')], { cwd: dir }).then(() => 'compiles'),
      ).resolves.toBe('compiles');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
