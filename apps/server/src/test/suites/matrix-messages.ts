import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { candidateMessages, messageTemplates } from '../../db/schema';
import { actingFor, del, type Entry, get, patch, post, team, unique } from './matrix-kit';
import type { World } from './world';

/**
 * Rejecting one candidate, messages to candidates and message templates (issue #40). Each individual applied to one
 * organization's opening (indA to orgA, indB to orgB): that organization's owner and (at orgA) its coordinator act;
 * reviewers read a candidate's messages and the templates but write neither.
 */
const INDIVIDUALS = ['indA', 'indB'] as const;
const ORGANIZATIONS = ['orgA', 'orgB'] as const;
const base = '/api/organization/shortlisting';
const letter = { subject: 'About {{openingTitle}}', body: 'Hello {{firstName}}, an update: {{stageLabel}}.' };
const later = () => new Date(Date.now() + 7 * 86_400_000).toISOString();

const perApplicant = (build: (world: World, name: 'indA' | 'indB', who: 'orgA' | 'orgB') => object) => (world: World) =>
  INDIVIDUALS.map((name) => {
    const who = name === 'indA' ? 'orgA' : 'orgB';
    return { owner: who, ...build(world, name, who) } as never;
  });

async function templateOf(world: World, who: 'orgA' | 'orgB'): Promise<string> {
  const [row] = await world.server.db
    .insert(messageTemplates)
    .values({ organizationId: world.actors[who].userId, name: `Suite template ${unique()}`, ...letter })
    .returning({ id: messageTemplates.id });
  if (!row) throw new Error('template insert returned nothing');
  return row.id;
}

async function scheduledMessageOf(world: World, name: 'indA' | 'indB'): Promise<string> {
  const [row] = await world.server.db
    .insert(candidateMessages)
    .values({
      batchId: randomUUID(),
      applicationId: world.ind[name].applicationId,
      openingId: world.ind[name].appliedOpeningId,
      kind: 'message',
      subject: 'Suite message',
      body: 'Later',
      sendAt: new Date(Date.now() + 7 * 86_400_000),
    })
    .returning({ id: candidateMessages.id });
  if (!row) throw new Error('message insert returned nothing');
  return row.id;
}

export const MESSAGE_ENTRIES: Record<string, Entry> = {
  [`GET ${base}/templates`]: {
    access: 'owned',
    targets: (world) =>
      ORGANIZATIONS.map((who) => ({
        owner: who,
        label: `${who}'s message templates`,
        request: actingFor(world, who, get(`${base}/templates`, { page: 1 })),
        alsoAllowed: team(who, 'coordA', 'reviewerA'),
      })),
  },
  [`POST ${base}/templates`]: {
    access: 'owned',
    targets: (world) =>
      ORGANIZATIONS.map((who) => ({
        owner: who,
        label: `a new message template at ${who}`,
        request: actingFor(world, who, post(`${base}/templates`, { name: `Suite template ${who}`, ...letter })),
        alsoAllowed: team(who, 'coordA'),
        // Template names are unique per organization: take back the one an earlier attempt added.
        async prepare(w: World) {
          await w.server.db
            .delete(messageTemplates)
            .where(
              and(
                eq(messageTemplates.organizationId, w.actors[who].userId),
                eq(messageTemplates.name, `Suite template ${who}`),
              ),
            );
        },
      })),
  },
  [`PATCH ${base}/templates`]: {
    access: 'owned',
    targets: async (world) =>
      Promise.all(
        ORGANIZATIONS.map(async (who) => ({
          owner: who,
          label: `${who}'s template`,
          request: actingFor(
            world,
            who,
            patch(`${base}/templates`, { id: await templateOf(world, who), name: `Suite ${unique()}`, ...letter }),
          ),
          alsoAllowed: team(who, 'coordA'),
        })),
      ),
  },
  [`DELETE ${base}/templates`]: {
    access: 'owned',
    destructive: true,
    targets: async (world) =>
      Promise.all(
        ORGANIZATIONS.map(async (who) => ({
          owner: who,
          label: `${who}'s template`,
          request: actingFor(world, who, del(`${base}/templates`, { id: await templateOf(world, who) })),
          alsoAllowed: team(who, 'coordA'),
        })),
      ),
  },
  [`POST ${base}/messages`]: {
    access: 'owned',
    targets: perApplicant((world, name, who) => ({
      label: `a message to ${name} at ${who}`,
      request: post(`${base}/messages`, {
        openingId: world.ind[name].appliedOpeningId,
        applicationIds: [world.ind[name].applicationId],
        ...letter,
        sendAt: later(),
      }),
      alsoAllowed: team(who, 'coordA'),
    })),
  },
  [`GET ${base}/messages`]: {
    access: 'owned',
    targets: perApplicant((world, name, who) => ({
      label: `messages to ${name} at ${who}`,
      request: get(`${base}/messages`, {
        openingId: world.ind[name].appliedOpeningId,
        applicationId: world.ind[name].applicationId,
      }),
      alsoAllowed: team(who, 'coordA', 'reviewerA'),
    })),
  },
  [`POST ${base}/messages/cancel`]: {
    access: 'owned',
    destructive: true,
    targets: async (world) =>
      Promise.all(
        INDIVIDUALS.map(async (name) => {
          const who = name === 'indA' ? 'orgA' : 'orgB';
          return {
            owner: who,
            label: `a scheduled message to ${name} at ${who}`,
            request: post(`${base}/messages/cancel`, {
              openingId: world.ind[name].appliedOpeningId,
              messageId: await scheduledMessageOf(world, name),
            }),
            alsoAllowed: team(who, 'coordA'),
          } as const;
        }),
      ),
  },
  [`POST ${base}/reject`]: {
    access: 'owned',
    destructive: true,
    targets: perApplicant((world, name, who) => ({
      label: `rejecting ${name} at ${who}`,
      request: post(`${base}/reject`, {
        openingId: world.ind[name].appliedOpeningId,
        applicationId: world.ind[name].applicationId,
        reason: 'Suite rejection',
        message: letter,
        sendAt: later(),
      }),
      alsoAllowed: team(who, 'coordA'),
    })),
  },
  'POST /api/placements/campus/withdraw': {
    access: 'owned',
    destructive: true,
    targets: (world) =>
      INDIVIDUALS.map((name) => ({
        owner: name,
        label: `${name}'s own application`,
        request: post('/api/placements/campus/withdraw', {
          applicationId: world.ind[name].applicationId,
          reason: 'Suite withdrawal',
        }),
      })),
  },
};
