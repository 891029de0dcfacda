/**
 * The contract's zod. Every string schema made here refuses text PostgreSQL cannot store — NUL (0x00 is refused in
 * text columns) and unpaired UTF-16 surrogates (refused in jsonb) — so the rule is decided once, at the string level,
 * for bodies, query strings, free-form JSON values and record keys alike, and the web forms apply the same rule.
 * Contract files import `* as z from './zod'`, never 'zod' itself (enforced by biome's noRestrictedImports).
 */
import * as zod from 'zod';
import { isUnsafeText, UNSAFE_TEXT_MESSAGE } from './unsafe-text';

export * from 'zod';
export { isUnsafeText, UNSAFE_TEXT_MESSAGE } from './unsafe-text';

const safeText = zod.refine<string>((value) => !isUnsafeText(value), { message: UNSAFE_TEXT_MESSAGE, abort: true });

export const string = ((params?: Parameters<typeof zod.string>[0]) =>
  zod.string(params).check(safeText)) as typeof zod.string;
export const url = ((params?: Parameters<typeof zod.url>[0]) => zod.url(params).check(safeText)) as typeof zod.url;
export const email = ((params?: Parameters<typeof zod.email>[0]) =>
  zod.email(params).check(safeText)) as typeof zod.email;
