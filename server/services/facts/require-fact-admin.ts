// Published facts are an administrator's: anyone else is refused before anything is read.
import type { GrantLike } from '../../auth/administers';
import { DomainError } from '../../errors/domain-error';

export function requireFactAdmin(viewer: { grants: GrantLike[] }): void {
  if (!viewer.grants.some((grant) => grant.role === 'admin')) {
    throw new DomainError('FORBIDDEN', 'Published facts are managed by administrators.', { reason: 'NOT_ADMIN' });
  }
}
