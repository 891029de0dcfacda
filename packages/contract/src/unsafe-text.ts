// Without zod, so the web's first load can apply the same rule to what it reads back from the device.

export const UNSAFE_TEXT_MESSAGE = 'Contains a character that is not allowed (a NUL character or broken Unicode)';

// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what this refuses.
const UNSAFE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the text holds NUL or a lone surrogate (PostgreSQL stores neither). */
export function isUnsafeText(value: string): boolean {
  return UNSAFE_TEXT.test(value);
}
