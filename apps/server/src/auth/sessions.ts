import { REFRESH_TOKEN_TTL_SECONDS } from '@placely/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { refreshTokenFamilies, refreshTokens } from '../db/schema';
import { hashToken, newOpaqueToken } from './tokens';

/**
 * Sign-in sessions as refresh-token families. Each refresh hands out a new token and spends the old one;
 * presenting a spent token means it was copied, so the whole family is revoked.
 */
export async function startSession(db: Executor, userId: number): Promise<{ sessionId: string; refreshToken: string }> {
  const [family] = await db.insert(refreshTokenFamilies).values({ userId }).returning({ id: refreshTokenFamilies.id });
  if (!family) throw new Error('could not create a session');
  const refreshToken = await addToken(db, family.id);
  return { sessionId: family.id, refreshToken };
}

async function addToken(db: Executor, familyId: string): Promise<string> {
  const token = newOpaqueToken();
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

export async function rotateSession(db: Database, presented: string): Promise<RotationResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        tokenId: refreshTokens.id,
        usedAt: refreshTokens.usedAt,
        expiresAt: refreshTokens.expiresAt,
        familyId: refreshTokenFamilies.id,
        userId: refreshTokenFamilies.userId,
        revokedAt: refreshTokenFamilies.revokedAt,
      })
      .from(refreshTokens)
      .innerJoin(refreshTokenFamilies, eq(refreshTokenFamilies.id, refreshTokens.familyId))
      .where(eq(refreshTokens.tokenHash, hashToken(presented)))
      .limit(1);
    if (!row) return { ok: false, reason: 'unknown' } as const;
    if (row.revokedAt) return { ok: false, reason: 'revoked' } as const;
    if (row.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'expired' } as const;

    const spent = await tx
      .update(refreshTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(refreshTokens.id, row.tokenId), isNull(refreshTokens.usedAt)))
      .returning({ id: refreshTokens.id });
    if (row.usedAt || spent.length === 0) {
      await revokeSession(tx, row.familyId, 'refresh token reused');
      return { ok: false, reason: 'reused' } as const;
    }
    await tx
      .update(refreshTokenFamilies)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(refreshTokenFamilies.id, row.familyId));
    const refreshToken = await addToken(tx, row.familyId);
    return { ok: true, userId: row.userId, sessionId: row.familyId, refreshToken } as const;
  });
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
