// The PostgreSQL extensions the migrations need, for every embedded database this project opens
// (the app, the scripts and the test templates): PGlite loads an extension only when it is passed in.
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

export const PGLITE_EXTENSIONS = { pg_trgm };
