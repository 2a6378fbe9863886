// The hash of one audit row: SHA-256 (hex) over its canonical text from the domain.
import { createHash } from 'node:crypto';
import { canonicalAuditLink, type AuditLinkContent } from '../../domain';

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export function auditHash(row: AuditLinkContent): string {
  return sha256Hex(canonicalAuditLink(row));
}
