/**
 * The contract's zod. Every string schema made here refuses text PostgreSQL cannot store — NUL (0x00 is refused in
 * text columns) and unpaired UTF-16 surrogates (refused in jsonb) — so the rule is decided once, at the string level,
 * for bodies, query strings, free-form JSON values and record keys alike, and the web forms apply the same rule.
 * Contract files import `* as z from './zod'`, never 'zod' itself (enforced by biome's noRestrictedImports).
 */
import * as zod from 'zod';

export * from 'zod';

export const UNSAFE_TEXT_MESSAGE = 'Contains a character that is not allowed (a NUL character or broken Unicode)';

// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what this refuses.
const UNSAFE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the text holds NUL or a lone surrogate. */
export function isUnsafeText(value: string): boolean {
  return UNSAFE_TEXT.test(value);
}

const safeText = zod.refine<string>((value) => !isUnsafeText(value), { message: UNSAFE_TEXT_MESSAGE, abort: true });

export const string = ((params?: Parameters<typeof zod.string>[0]) =>
  zod.string(params).check(safeText)) as typeof zod.string;
export const url = ((params?: Parameters<typeof zod.url>[0]) => zod.url(params).check(safeText)) as typeof zod.url;
export const email = ((params?: Parameters<typeof zod.email>[0]) =>
  zod.email(params).check(safeText)) as typeof zod.email;
