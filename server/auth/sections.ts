// Which console sections each persona may open: one table for the navigation and the page guards,
// each section naming who it is for (an Audience of server/domain/authority.ts). The procedures
// behind a page check their own authority (adminProcedure, the services), never a section.
import { reachesAudience, reachOf, type Audience, type GrantLike } from '../domain';

export type Section = 'memories' | 'review' | 'facts' | 'audit' | 'preview' | 'settings' | 'operations' | 'tokens' | 'scopes' | 'people';

export interface SectionInfo {
  id: Section;
  href: string;
  label: string;
  requires: Audience;
}

export const SECTIONS: SectionInfo[] = [
  { id: 'memories', href: '/memories', label: 'My memories', requires: 'signed-in' },
  { id: 'review', href: '/admin/review', label: 'Review', requires: 'admin' },
  { id: 'facts', href: '/admin/facts', label: 'Facts', requires: 'admin' },
  { id: 'audit', href: '/admin/audit', label: 'Audit', requires: 'admin' },
  { id: 'preview', href: '/admin/preview', label: 'Member preview', requires: 'admin' },
  { id: 'settings', href: '/admin/settings', label: 'Settings', requires: 'admin' },
  { id: 'people', href: '/admin/people', label: 'People', requires: 'admin' },
  { id: 'scopes', href: '/admin/scopes', label: 'Groups', requires: 'admin' },
  { id: 'operations', href: '/ops', label: 'Operations', requires: 'admin-or-operator' },
  { id: 'tokens', href: '/admin/tokens', label: 'API tokens', requires: 'admin-or-operator' },
];

export function canOpen(section: SectionInfo, viewer: { grants: readonly GrantLike[] }): boolean {
  return reachesAudience(reachOf(viewer.grants), section.requires);
}

export function sectionById(id: Section): SectionInfo {
  return SECTIONS.find((section) => section.id === id)!;
}
