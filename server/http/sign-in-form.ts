// The email + password sign-in request as the throttle reads it (docs/sign-in-and-network.md):
// one form body holding exactly one each of the fields the sign-in form sends, and nothing else.
// The throttle counts the e-mail read here and next-auth is handed a body rebuilt from the same
// values (sign-in-route.ts), so the account counted and the account checked cannot differ however
// a request is spelled: a second e-mail, a JSON body, a content type with parameters.

/** What the sign-in form posts, and all a sign-in request may hold. */
export const SIGN_IN_FIELDS = ['email', 'password', 'csrfToken', 'callbackUrl', 'json'] as const;

export type SignInForm = Record<(typeof SIGN_IN_FIELDS)[number], string>;

export const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

/** A sign-in form is a few hundred bytes; this leaves room for long callback URLs. */
export const SIGN_IN_BODY_LIMIT_BYTES = 8 * 1024;

/** No account can have a longer address (server/services/users/create-user.ts). */
export const MAX_SIGN_IN_EMAIL_CHARS = 254;

export type SignInFormReading = { ok: true; form: SignInForm } | { ok: false; message: string };

const EXPECTED = `one form body (Content-Type: ${FORM_CONTENT_TYPE}) with exactly one each of ${SIGN_IN_FIELDS.join(', ')}`;
const refuse = (problem: string): SignInFormReading => ({ ok: false, message: `A sign-in request must be ${EXPECTED}: ${problem}` });

/** A header or field name as it may be shown back: short, printable, quoted. */
function shown(value: string): string {
  const printable = value.replace(/[^\x20-\x7e]/g, '?');
  return JSON.stringify(printable.length > 60 ? `${printable.slice(0, 60)}…` : printable);
}

/** The form media type, optionally with `charset=utf-8` (what browsers add); nothing else. */
function isFormContentType(value: string): boolean {
  const [type = '', ...parameters] = value.split(';').map((part) => part.trim());
  return (
    type.toLowerCase() === FORM_CONTENT_TYPE && parameters.every((parameter) => parameter === '' || /^charset="?utf-8"?$/i.test(parameter))
  );
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/** The sign-in fields of a request's Content-Type and body bytes, or why they are refused. */
export function readSignInForm(contentType: string | null, body: Uint8Array): SignInFormReading {
  if (contentType === null) return refuse('it has no Content-Type.');
  if (!isFormContentType(contentType)) return refuse(`its Content-Type is ${shown(contentType)}.`);
  let text: string;
  try {
    text = decoder.decode(body);
  } catch {
    return refuse('its body is not UTF-8 text.');
  }
  const counts = new Map<string, number>();
  const values = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(text)) {
    if (!(SIGN_IN_FIELDS as readonly string[]).includes(name)) return refuse(`it has a field ${shown(name)}.`);
    counts.set(name, (counts.get(name) ?? 0) + 1);
    values.set(name, value);
  }
  for (const name of SIGN_IN_FIELDS) {
    const count = counts.get(name) ?? 0;
    if (count === 0) return refuse(`${name} is missing.`);
    if (count > 1) return refuse(`${name} is there ${count} times.`);
  }
  const form = Object.fromEntries(SIGN_IN_FIELDS.map((name) => [name, values.get(name)!])) as SignInForm;
  if (form.email.trim() === '') return refuse('email is empty.');
  if (form.email.length > MAX_SIGN_IN_EMAIL_CHARS) return refuse(`email is longer than ${MAX_SIGN_IN_EMAIL_CHARS} characters.`);
  // Control characters (NUL among them) are in no address, and PostgreSQL cannot store NUL.
  if ([...form.email].some((char) => char < ' ' || char === '\x7f')) return refuse('email contains a control character.');
  if (form.password === '') return refuse('password is empty.');
  return { ok: true, form };
}

/** The one body next-auth is handed: exactly the values read, in a fixed order. */
export function canonicalSignInBody(form: SignInForm): string {
  return new URLSearchParams(SIGN_IN_FIELDS.map((name) => [name, form[name]])).toString();
}
