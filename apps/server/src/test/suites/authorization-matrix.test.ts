import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../harness';
import { type Entry, MATRIX, type Req, type Target } from './matrix';
import { documentedOperations } from './operations';
import { type Sent, send } from './send';
import { ACTORS, type ActorName, buildWorld, SUITE_ADMIN_EMAIL, type World } from './world';

/**
 * Generated authorization matrix (issue #10): every documented operation, tried by every seeded actor against the
 * other actors' resources. Fails on a 2xx that reaches someone else's private resource, on a private marker string
 * crossing actors anywhere in a response (body or headers), on any 5xx, and on a documented route without an entry.
 */
let server: TestServer;
let world: World;
let documented: string[];
beforeAll(async () => {
  server = await startTestServer({ verificationAdminEmails: [SUITE_ADMIN_EMAIL] });
  world = await buildWorld(server);
  documented = await documentedOperations(server.baseUrl);
}, 120_000);
afterAll(() => server?.close());

const ok = (status: number) => status >= 200 && status < 300;
const describeReq = (req: Req) => {
  const query = new URLSearchParams(Object.entries(req.query ?? {}).map(([k, v]): [string, string] => [k, String(v)]));
  return `${req.method} ${req.path}${req.query ? `?${query}` : ''}`;
};

function leaks(caller: ActorName, sent: Sent, reveals: readonly string[] = []): string[] {
  const seen = `${sent.text}\n${sent.headers}`;
  return world.markers
    .filter((marker) => marker.visibleTo !== 'everyone' && !marker.visibleTo.has(caller))
    .filter((marker) => !reveals.includes(marker.value) && seen.includes(marker.value))
    .map((marker) => `${marker.owner}'s ${marker.what}`);
}

async function attempt(failures: string[], caller: ActorName, req: Req, reveals?: readonly string[], token?: string) {
  const actor = world.actors[caller];
  const sent = await send(server.baseUrl, req, token ?? actor.token, undefined, actor.headers);
  if (sent.status >= 500) failures.push(`${caller}: ${describeReq(req)} → ${sent.status} ${sent.text.slice(0, 200)}`);
  for (const leak of leaks(caller, sent, reveals)) {
    failures.push(`${caller}: ${describeReq(req)} → ${sent.status} shows ${leak}`);
  }
  return sent;
}

function allowed(target: Target, caller: ActorName): boolean {
  if (target.alsoAllowed === 'everyone') return true;
  return caller === target.owner || (target.alsoAllowed ?? []).includes(caller);
}

async function tryOthers(failures: string[], entry: Entry & { access: 'owned' | 'public' }, target: Target) {
  for (const caller of ACTORS) {
    if (caller === target.owner) continue;
    await target.prepare?.(world, caller);
    const sent = await attempt(failures, caller, target.request, target.reveals);
    if (allowed(target, caller)) {
      // Someone a rule names (a team role, a verifier, a platform admin) must get what the owner gets, not a refusal.
      const expected = target.control ?? 200;
      if (target.alsoAllowed !== 'everyone' && sent.status !== expected) {
        failures.push(
          `${caller} is allowed on ${target.label}: ${describeReq(target.request)} → ${sent.status}, expected ${expected} ${sent.text.slice(0, 200)}`,
        );
      }
      continue;
    }
    if (ok(sent.status)) {
      failures.push(`${caller}: ${describeReq(target.request)} → ${sent.status} reached ${target.label}`);
    } else if (caller === 'anon' && entry.access === 'owned' && sent.status !== (entry.signedOut ?? 401)) {
      failures.push(`signed out: ${describeReq(target.request)} → ${sent.status}, expected ${entry.signedOut ?? 401}`);
    }
  }
}

async function control(failures: string[], target: Target) {
  await target.prepare?.(world, target.owner);
  const sent = await attempt(failures, target.owner, target.request, target.reveals);
  const expected = target.control ?? 200;
  if (sent.status !== expected) {
    failures.push(
      `control: ${target.owner} on ${target.label}: ${describeReq(target.request)} → ${sent.status} (expected ${expected}; the fixture or the route is wrong) ${sent.text.slice(0, 300)}`,
    );
  }
}

async function runEntry(entry: Entry): Promise<string[]> {
  const failures: string[] = [];
  if (entry.access === 'self') {
    let succeeded = 0;
    for (const caller of ACTORS) {
      const req = entry.request(world, caller === 'anon' ? 'indA' : caller);
      const token = caller !== 'anon' && entry.freshSession ? await world.freshToken(caller) : undefined;
      const sent = await attempt(failures, caller, req, [], token);
      if (caller === 'anon') {
        if (sent.status !== (entry.signedOut ?? 401)) {
          failures.push(`signed out: ${describeReq(req)} → ${sent.status}, expected ${entry.signedOut ?? 401}`);
        }
      } else if (ok(sent.status)) succeeded++;
    }
    if (succeeded === 0 && !entry.noSuccess) failures.push('no signed-in actor succeeded: the fixture is wrong');
    return failures;
  }
  if (entry.access === 'public' && !entry.targets) {
    const req = entry.request?.(world);
    if (req) for (const caller of ACTORS) await attempt(failures, caller, req);
    return failures;
  }
  for (const target of (await entry.targets?.(world)) ?? []) {
    await tryOthers(failures, entry as Entry & { access: 'owned' | 'public' }, target);
    if (!(entry.access === 'owned' && entry.destructive)) await control(failures, target);
  }
  return failures;
}

describe('authorization matrix', () => {
  it('has an entry for every documented operation, and no entry without one', () => {
    const missing = documented.filter((operation) => !(operation in MATRIX));
    const stale = Object.keys(MATRIX).filter((operation) => !documented.includes(operation));
    expect(
      missing,
      `Add these routes to the authorization matrix (apps/server/src/test/suites/matrix.ts): ${missing.join(', ')}`,
    ).toEqual([]);
    expect(stale, `These matrix entries name no documented route: ${stale.join(', ')}`).toEqual([]);
  });

  for (const [operation, entry] of Object.entries(MATRIX)) {
    it(operation, async () => {
      const failures = await runEntry(entry);
      expect(failures, failures.join('\n')).toEqual([]);
    });
  }

  // Owners' controls that delete or decide run last, so the other rows still find their resources.
  for (const [operation, entry] of Object.entries(MATRIX)) {
    if (entry.access !== 'owned' || !entry.destructive) continue;
    it(`${operation} (owner's control, after the rest)`, async () => {
      const failures: string[] = [];
      for (const target of await entry.targets(world)) await control(failures, target);
      expect(failures, failures.join('\n')).toEqual([]);
    });
  }
});
