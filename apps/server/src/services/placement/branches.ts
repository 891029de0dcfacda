import type { Branch } from '@placely/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { institutionBranches } from '../../db/schema';

export type BranchRow = typeof institutionBranches.$inferSelect;

/** A branch's name or alias as compared: case, spacing, punctuation and "and"/"&" do not matter ("E&TC" = "e & tc"). */
export function branchKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/\s+/g, ' ');
}

/**
 * Maps free text to a branch of the institution's list by name or alias (branchKey equality); with several
 * programmes having a branch of that name, `degree` (if given) picks one, else the first by degree. The one mapping
 * every caller reuses: the import, the verification-group enrolment, the cell's "map free-text branches".
 */
export function branchMatcher(branches: BranchRow[]) {
  const byKey = new Map<string, BranchRow[]>();
  for (const branch of [...branches].sort((a, b) => a.degree.localeCompare(b.degree))) {
    for (const text of [branch.name, ...branch.aliases]) {
      const key = branchKey(text);
      if (!key) continue;
      const list = byKey.get(key) ?? [];
      if (!list.includes(branch)) list.push(branch);
      byKey.set(key, list);
    }
  }
  return (text: string | null | undefined, degree?: string | null): BranchRow | null => {
    if (!text) return null;
    const candidates = byKey.get(branchKey(text));
    if (!candidates || candidates.length === 0) return null;
    if (degree) {
      const wanted = branchKey(degree);
      const sameDegree = candidates.find((branch) => branchKey(branch.degree) === wanted);
      if (sameDegree) return sameDegree;
    }
    return candidates[0] ?? null;
  };
}

export async function branchesOf(db: Executor, institutionId: number): Promise<BranchRow[]> {
  return db
    .select()
    .from(institutionBranches)
    .where(eq(institutionBranches.institutionId, institutionId))
    .orderBy(asc(sql`lower(${institutionBranches.degree})`), asc(sql`lower(${institutionBranches.name})`));
}

/** One free text mapped against an institution's list (reads the list; for many texts use branchMatcher). */
export async function matchBranch(
  db: Executor,
  institutionId: number,
  text: string,
  degree?: string | null,
): Promise<BranchRow | null> {
  return branchMatcher(await branchesOf(db, institutionId))(text, degree);
}

export function presentBranch(row: BranchRow): Branch {
  return { id: row.id, institutionId: row.institutionId, degree: row.degree, name: row.name, aliases: row.aliases };
}

/** Aliases kept once each (by branchKey), the name itself dropped. */
export function cleanAliases(name: string, aliases: string[]): string[] {
  const seen = new Set([branchKey(name)]);
  const kept: string[] = [];
  for (const alias of aliases) {
    const key = branchKey(alias);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    kept.push(alias.trim());
  }
  return kept;
}
