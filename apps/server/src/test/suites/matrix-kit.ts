import { ORGANIZATION_HEADER } from '@placely/contract';
import type { ActorName, SignedInActor, World } from './world';

/**
 * The authorization matrix: one entry per documented operation (`METHOD /path` as in the OpenAPI document).
 * A route without an entry fails `authorization-matrix.test.ts` by name, so every new route gets a decision here.
 *
 * - `owned`: the operation reaches a resource someone owns. `targets` names, per resource, the actor who may act on it
 *   (`owner`, whose request is the control and must succeed) and anyone else allowed by a rule (`alsoAllowed`);
 *   every other actor, signed out included, must be refused.
 * - `self`: the operation works on the caller's own data and takes no foreign id; any signed-in actor may succeed,
 *   signed out is 401, and no one sees another's markers.
 * - `public`: public by design (`why`); anyone may succeed, and still no private marker may cross.
 *
 * The same requests are the valid starting points of the generated bad-input suite (`bad-input.test.ts`).
 */
export interface Req {
  method: string;
  /** The path with its parameters filled in. */
  path: string;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  /** A non-JSON body (file uploads). */
  raw?: { contentType: string; bytes: Buffer };
  /** Headers of the request itself (the organization it acts for), over the caller's own. */
  headers?: Record<string, string>;
}

export interface Target {
  owner: SignedInActor;
  label: string;
  request: Req;
  alsoAllowed?: readonly ActorName[] | 'everyone';
  /** Markers the request legitimately shows to whoever holds it (a download link carries its file name). */
  reveals?: string[];
  /** Run before each other actor's attempt (e.g. adding the same phone number first). */
  prepare?: (world: World, caller: ActorName) => Promise<void>;
  /** The owner's expected status when it is not 200. */
  control?: number;
}

export type Entry =
  | {
      access: 'owned';
      targets: (world: World) => Target[] | Promise<Target[]>;
      /** The owner's control changes what later entries rely on: it runs after every other entry. */
      destructive?: boolean;
      /** The status for signed-out callers, when not 401. */
      signedOut?: number;
    }
  | {
      access: 'self';
      request: (world: World, caller: SignedInActor) => Req;
      /** Ends the session it is called with: each caller uses a fresh one. */
      freshSession?: boolean;
      signedOut?: number;
      /** Who sends the valid request the bad-input suite starts from. */
      fuzzAs?: SignedInActor;
      /** Why no actor can succeed with a fixed request. */
      noSuccess?: string;
    }
  | {
      access: 'public';
      why: string;
      targets?: (world: World) => Target[] | Promise<Target[]>;
      request?: (world: World) => Req;
      fuzzAs?: ActorName;
    };

export const get = (path: string, query?: Req['query']): Req => ({ method: 'GET', path, query });
export const post = (path: string, body: unknown): Req => ({ method: 'POST', path, body });
export const put = (path: string, body: unknown): Req => ({ method: 'PUT', path, body });
export const patch = (path: string, body: unknown): Req => ({ method: 'PATCH', path, body });
export const del = (path: string, query: Req['query']): Req => ({ method: 'DELETE', path, query });

let counter = 0;
/** A value no other request of the run uses. */
export const unique = () => `${Date.now().toString(36)}-${(counter++).toString(36)}`;

/** orgA's team roles among `roles`; orgB has no team beyond its owner. */
export const team = (who: 'orgA' | 'orgB', ...roles: ActorName[]): ActorName[] => (who === 'orgA' ? roles : []);
/** A request naming the organization it acts for, as the web sends it: everyone who tries it names that one. */
export const actingFor = (world: World, who: SignedInActor, req: Req): Req => ({
  ...req,
  headers: { [ORGANIZATION_HEADER]: String(world.actors[who].userId) },
});
