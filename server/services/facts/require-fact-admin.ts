// Published facts are an administrator's: anyone else is refused before anything is read.
import { requireAdministrator } from '../../auth/require-authority';
import type { GrantLike, Reach } from '../../domain';

/** Answers the administrator's reach, against which each fact is then checked. */
export function requireFactAdmin(viewer: { grants: GrantLike[] }): Reach {
  return requireAdministrator(viewer, 'Published facts are managed by administrators.');
}
