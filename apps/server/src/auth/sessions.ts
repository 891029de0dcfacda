import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { REFRESH_REUSE_GRACE_SECONDS, REFRESH_TOKEN_TTL_SECONDS } from '@placely/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { refreshTokenFamilies, refreshTokens } from '../db/schema';
import { hashToken, newOpaqueToken } from './tokens';

/**
 * Sign-in sessions as refresh-token families. Each refresh hands out a new token and spends the old one;
 * presenting a spent token after its grace window means it was copied, so the whole family is revoked.
 */
export async function startSession(db: Executor, userId: number): Promise<{ sessionId: string; refreshToken: string }> {
  const [family] = await db.insert(refreshTokenFamilies).values({ userId }).returning({ id: refreshTokenFamilies.id });
  if (!family) throw new Error('could not create a session');
  const refreshToken = await addToken(db, family.id);
  return { sessionId: family.id, refreshToken };
}

async function addToken(db: Executor, familyId: string, token = newOpaqueToken()): Promise<string> {
  await db.insert(refreshTokens).values({
    familyId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
  });
  return token;
}

export type RotationResult =
  | { ok: true; userId: number; sessionId: string; refreshToken: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

/**
 * Spends the presented token and hands out its successor. A token spent less than REFRESH_REUSE_GRACE_SECONDS ago
 * yields the same successor again (parallel refreshes from several tabs, or a retry after an answer lost on a bad
 * network) as long as that successor is unspent; any other reuse means the token was copied and revokes the family.
 * All state is in the database (the grace is judged by its clock), so it holds across server processes.
 */
export async function rotateSession(db: Database, presented: string): Promise<RotationResult> {
  const tokenHash = hashToken(presented);
  return db.transaction(async (tx) => {
    const load = async () => {
      const [row] = await tx
        .select({
          tokenId: refreshTokens.id,
          usedAt: refreshTokens.usedAt,
          successorSealed: refreshTokens.successorSealed,
          inGrace: sql<boolean>`coalesce(${refreshTokens.usedAt} > now() - make_interval(secs => ${REFRESH_REUSE_GRACE_SECONDS}), false)`,
          expiresAt: refreshTokens.expiresAt,
          familyId: refreshTokenFamilies.id,
          userId: refreshTokenFamilies.userId,
          revokedAt: refreshTokenFamilies.revokedAt,
        })
        .from(refreshTokens)
        .innerJoin(refreshTokenFamilies, eq(refreshTokenFamilies.id, refreshTokens.familyId))
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .limit(1);
      return row;
    };
    let row = await load();
    if (!row) return { ok: false, reason: 'unknown' } as const;
    if (row.revokedAt) return { ok: false, reason: 'revoked' } as const;
    if (row.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'expired' } as const;

    if (!row.usedAt) {
      const successor = newOpaqueToken();
      // Spending and sealing the successor is one conditional UPDATE: a parallel request waits on the row lock and
      // then finds it spent, and reads the successor this one committed.
      const spent = await tx
        .update(refreshTokens)
        .set({ usedAt: sql`now()`, successorSealed: sealSuccessor(successor, presented) })
        .where(and(eq(refreshTokens.id, row.tokenId), isNull(refreshTokens.usedAt)))
        .returning({ id: refreshTokens.id });
      if (spent.length === 1) {
        await tx
          .update(refreshTokenFamilies)
          .set({ lastUsedAt: sql`now()` })
          .where(eq(refreshTokenFamilies.id, row.familyId));
        await addToken(tx, row.familyId, successor);
        return { ok: true, userId: row.userId, sessionId: row.familyId, refreshToken: successor } as const;
      }
      row = await load();
      if (!row) return { ok: false, reason: 'unknown' } as const;
    }

    const successor = row.inGrace && row.successorSealed ? openSuccessor(row.successorSealed, presented) : undefined;
    if (successor) {
      const [next] = await tx
        .select({ usedAt: refreshTokens.usedAt })
        .from(refreshTokens)
        .where(and(eq(refreshTokens.tokenHash, hashToken(successor)), eq(refreshTokens.familyId, row.familyId)));
      if (next && !next.usedAt && !row.revokedAt) {
        return { ok: true, userId: row.userId, sessionId: row.familyId, refreshToken: successor } as const;
      }
    }
    await revokeSession(tx, row.familyId, 'refresh token reused');
    return { ok: false, reason: 'reused' } as const;
  });
}

/** The sealing key comes from the spent token itself (never stored): only its holder can open the successor. */
const sealingKey = (presented: string) =>
  createHash('sha256').update(`placely-refresh-successor:${presented}`).digest();

function sealSuccessor(successor: string, presented: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(presented), iv);
  const sealed = Buffer.concat([cipher.update(successor, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

function openSuccessor(sealed: string, presented: string): string | undefined {
  try {
    const bytes = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', sealingKey(presented), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

export async function revokeSession(db: Executor, sessionId: string, reason: string): Promise<void> {
  await db
    .update(refreshTokenFamilies)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(refreshTokenFamilies.id, sessionId), isNull(refreshTokenFamilies.revokedAt)));
}

export async function revokeSessionByToken(db: Executor, presented: string, reason: string): Promise<void> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(presented)))
    .limit(1);
  if (row) await revokeSession(db, row.familyId, reason);
}
