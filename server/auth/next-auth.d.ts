import 'next-auth';
import 'next-auth/jwt';

declare module 'next-auth' {
  interface Session {
    user?: { id?: string; name?: string | null; email?: string | null; image?: string | null };
    /** The user_session row this cookie was issued for. */
    sessionId?: string;
  }
}

declare module 'next-auth/jwt' {
  interface JWT {
    /** The user_session row this cookie was issued for; every request checks it is still open. */
    sid?: string;
  }
}
