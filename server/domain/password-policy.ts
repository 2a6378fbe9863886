// What a new password must be. bcrypt reads at most 72 bytes, so longer ones are refused rather
// than silently cut.

export const MIN_PASSWORD_CHARS = 8;
export const MAX_PASSWORD_BYTES = 72;

export interface PasswordError {
  field: 'next';
  message: string;
}

export type PasswordVerdict = { ok: true } | { ok: false; errors: PasswordError[] };

export function validateNewPassword(next: string, current: string): PasswordVerdict {
  const errors: PasswordError[] = [];
  const chars = Array.from(next).length;
  const bytes = new TextEncoder().encode(next).length;
  if (chars < MIN_PASSWORD_CHARS) {
    errors.push({ field: 'next', message: `new password must be at least ${MIN_PASSWORD_CHARS} characters (got ${chars})` });
  }
  if (bytes > MAX_PASSWORD_BYTES) {
    errors.push({ field: 'next', message: `new password must be at most ${MAX_PASSWORD_BYTES} bytes (got ${bytes})` });
  }
  if (next.trim().length === 0 && chars > 0) {
    errors.push({ field: 'next', message: 'new password must not be only spaces' });
  }
  if (next === current && chars > 0) {
    errors.push({ field: 'next', message: 'new password must differ from the current one' });
  }
  return errors.length === 0 ? { ok: true } : { ok: false, errors };
}
