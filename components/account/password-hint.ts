// The rule a new password is held to, as the Account page and the welcome page put it beside the
// field (server/domain/password-policy.ts decides it). The byte limit is bcrypt's: most letters
// take one byte, so say what takes more.
import { MAX_PASSWORD_BYTES, MIN_PASSWORD_CHARS } from '@/server/domain';

export const NEW_PASSWORD_HINT = `At least ${MIN_PASSWORD_CHARS} characters. At most ${MAX_PASSWORD_BYTES} bytes: a plain letter or digit is 1, an accented letter 2, an emoji 4.`;
