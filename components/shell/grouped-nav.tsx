// The administrators' navigation, grouped by what they are doing (Personal · Review and facts ·
// Organisation · Operations): a left sidebar on wide screens (console-shell.tsx), the same groups
// inside the header's menu on narrow ones. People who administer nothing keep the header's row.
import type { SectionInfo, Section } from '@/server/auth/sections';
import { NavLink } from './nav-link';

const NAV_GROUPS: { label: string; sections: Section[] }[] = [
  { label: 'Personal', sections: ['memories'] },
  { label: 'Review and facts', sections: ['review', 'facts', 'preview'] },
  { label: 'Organisation', sections: ['people', 'scopes', 'settings', 'audit'] },
  { label: 'Operations', sections: ['operations', 'tokens'] },
];

/** Whether the frame groups the navigation: for anyone who may open an administrator's section. */
export function groupsNavigation(sections: readonly SectionInfo[]): boolean {
  return sections.some((section) => section.requires === 'admin');
}

/** `idPrefix` tells the menu's copy from the sidebar's: both are on the page, one shown at a time. */
export function GroupedNav({ sections, idPrefix, className }: { sections: readonly SectionInfo[]; idPrefix: string; className?: string }) {
  const id = `${idPrefix}-nav-group`;
  const groups = NAV_GROUPS.map((group) => ({
    ...group,
    links: group.sections.flatMap((sectionId) => sections.filter((section) => section.id === sectionId)),
  })).filter((group) => group.links.length > 0);
  return (
    <nav aria-label="Main" className={className}>
      <div className="flex flex-col gap-4">
        {groups.map((group, index) => (
          <div key={group.label}>
            <p id={`${id}-${index}`} className="px-3 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
              {group.label}
            </p>
            <ul aria-labelledby={`${id}-${index}`} className="flex flex-col gap-0.5">
              {group.links.map((section) => (
                <li key={section.id} className="flex flex-col">
                  <NavLink href={section.href} label={section.label} />
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </nav>
  );
}
