// The demo organisation (README "Demo accounts", docs/concepts.md), as data. seed-demo.ts turns
// it into rows through the same services the console uses.
import { DEFAULT_REVIEW_INTERVAL_DAYS } from '../../domain';

export const DEMO_PASSWORD = 'demo';

export const INSTALLER_EMAIL = 'installer@memory-console.invalid';
export const INSTALLER_ACTOR_REF = 'console-installer';

export const DEMO_TENANTS = [
  { ref: 'berlin', name: 'Berlin office' },
  // Small budget on purpose: hamburg pins more policies than fit, so turns drop some (pinnedOmitted).
  { ref: 'hamburg', name: 'Hamburg warehouse', maxMemories: 5 },
];

export const DEMO_SCOPES = [{ token: 'depot:hh', label: 'Hamburg depot', tenantRef: 'hamburg' }];

export interface DemoUser {
  email: string;
  name: string;
  actorRef: string;
  tenantRef: string;
  /** People without a password exist as actors the assistant ran for, but cannot sign in. */
  password?: string;
  /** A principal acting for the deployment, not a person (left out of person lists and counts). */
  system?: boolean;
  memberships?: string[];
  grants?: { scope: string; role: 'admin' | 'operator' }[];
}

export const DEMO_USERS: DemoUser[] = [
  { email: 'alice@example.com', name: 'Alice Adler', actorRef: 'u1', tenantRef: 'berlin', password: DEMO_PASSWORD },
  {
    email: 'bob@example.com',
    name: 'Bob Brandt',
    actorRef: 'u2',
    tenantRef: 'berlin',
    password: DEMO_PASSWORD,
    grants: [{ scope: 'tenant:berlin', role: 'admin' }],
  },
  {
    email: 'olga@example.com',
    name: 'Olga Ostrowski',
    actorRef: 'u3',
    tenantRef: 'berlin',
    password: DEMO_PASSWORD,
    grants: [{ scope: 'global', role: 'operator' }],
  },
  {
    email: 'hana@example.com',
    name: 'Hana Hoffmann',
    actorRef: 'h1',
    tenantRef: 'hamburg',
    password: DEMO_PASSWORD,
    memberships: ['depot:hh'],
  },
  {
    email: 'gina@example.com',
    name: 'Gina Graf',
    actorRef: 'g1',
    tenantRef: 'berlin',
    password: DEMO_PASSWORD,
    grants: [{ scope: 'global', role: 'admin' }],
  },
  // The principal that publishes what no demo administrator holds authority for (global, Hamburg).
  // It is a system principal without a password: nobody can sign in as it, and it is no person.
  {
    email: INSTALLER_EMAIL,
    name: 'Console installer',
    actorRef: INSTALLER_ACTOR_REF,
    tenantRef: 'berlin',
    system: true,
    grants: [{ scope: 'global', role: 'admin' }],
  },
  { email: 'carla@example.com', name: 'Carla Conrad', actorRef: 'u4', tenantRef: 'berlin' },
  { email: 'deniz@example.com', name: 'Deniz Demir', actorRef: 'u5', tenantRef: 'berlin' },
  { email: 'emil@example.com', name: 'Emil Engel', actorRef: 'u6', tenantRef: 'berlin' },
  { email: 'frida@example.com', name: 'Frida Fuchs', actorRef: 'u7', tenantRef: 'berlin' },
  { email: 'jonas@example.com', name: 'Jonas Jäger', actorRef: 'h2', tenantRef: 'hamburg', memberships: ['depot:hh'] },
];

export const DEMO_THREADS = [
  { id: 'thr_q3_report', actorRef: 'u1', title: 'Q3 revenue report' },
  { id: 'thr_hamburg_trip', actorRef: 'u1', title: 'Planning the Hamburg visit', deleted: true },
  { id: 'thr_shift_plan', actorRef: 'h1', title: 'December shift plan' },
];

/** What the assistant concluded while running for each actor (agent-authored, actor scope). */
export const DEMO_CONCLUSIONS: { actorRef: string; key: string; text: string; threadId?: string; runId?: string }[] = [
  { actorRef: 'u1', key: 'fiscal-year', text: 'They report on the calendar year.', threadId: 'thr_q3_report', runId: 'run_demo_1' },
  { actorRef: 'u1', key: 'meeting-length', text: 'Prefers meetings of 25 minutes.', threadId: 'thr_q3_report' },
  { actorRef: 'u1', key: 'hotel', text: 'Prefers hotels close to the main station.', threadId: 'thr_hamburg_trip' },
  { actorRef: 'u2', key: 'meeting-length', text: 'Prefers meetings of 25 minutes.' },
  { actorRef: 'u2', key: 'report-format', text: 'Wants reports as a one-page PDF.' },
  { actorRef: 'u3', key: 'on-call', text: 'Is on call on Mondays.' },
  { actorRef: 'u4', key: 'meeting-length', text: 'Prefers meetings of 25 minutes.' },
  { actorRef: 'u4', key: 'report-format', text: 'Wants reports as a one-page PDF.' },
  { actorRef: 'u5', key: 'meeting-length', text: 'Prefers short meetings, about 30 minutes.' },
  { actorRef: 'u5', key: 'report-format', text: 'Wants reports as a one-page PDF.' },
  { actorRef: 'u6', key: 'meeting-length', text: 'Prefers meetings of 25 minutes.' },
  { actorRef: 'u6', key: 'timezone', text: 'Works on Berlin time.' },
  { actorRef: 'u7', key: 'timezone', text: 'Works on Berlin time.' },
  { actorRef: 'u7', key: 'report-format', text: 'Wants reports as a slide deck.' },
  { actorRef: 'h1', key: 'shift', text: 'Works the early shift.', threadId: 'thr_shift_plan' },
  { actorRef: 'h2', key: 'shift', text: 'Works the late shift.' },
];

/** What people stated about themselves (human-authored, their own actor scope). */
export const DEMO_OWN_FACTS: { actorRef: string; key: string; text: string }[] = [
  { actorRef: 'u1', key: 'answer-language', text: 'Answer me in English.' },
  { actorRef: 'u1', key: 'team', text: 'I work in the finance team.' },
  { actorRef: 'u2', key: 'team-size', text: 'I lead a team of six people.' },
  { actorRef: 'u3', key: 'dashboard-theme', text: 'I prefer dark dashboards.' },
  { actorRef: 'h1', key: 'forklift-licence', text: 'I hold a forklift licence.' },
];

/** Facts published for a whole scope by an administrator (human-authored). */
export const DEMO_PUBLISHED: { scope: string; key: string; text: string; pinned?: boolean }[] = [
  { scope: 'global', key: 'fiscal-year', text: 'The fiscal year starts in October.', pinned: true },
  { scope: 'global', key: 'units', text: 'Report distances in kilometres.' },
  { scope: 'tenant:berlin', key: 'data-retention', text: 'Never store customer names in notes.', pinned: true },
  { scope: 'tenant:berlin', key: 'expense-limit', text: 'Expenses above 500 EUR need a manager’s approval.' },
  { scope: 'tenant:hamburg', key: 'working-hours', text: 'The warehouse is staffed from 06:00 to 22:00.', pinned: true },
  { scope: 'tenant:hamburg', key: 'holiday-calendar', text: 'Use the Hamburg public holiday calendar.', pinned: true },
  { scope: 'tenant:hamburg', key: 'escalation', text: 'Escalate damaged goods to the shift lead.', pinned: true },
  { scope: 'tenant:hamburg', key: 'reply-language', text: 'Reply in German unless asked otherwise.', pinned: true },
  { scope: 'depot:hh', key: 'loading-dock', text: 'Trucks use dock 3 after 18:00.', pinned: true },
  { scope: 'depot:hh', key: 'safety-briefing', text: 'Everyone on the floor wears a high-visibility vest.', pinned: true },
];

/**
 * Berlin facts published DEMO_DUE_AGE_DAYS before the seed's clock and never confirmed since: the
 * review interval (180 days by default) has passed, so the Facts page shows them under "Due for
 * review". seed-demo.ts publishes them as bob with its clock set back by that many days, so their
 * dates, history and audit rows all tell the same story.
 */
export const DEMO_DUE_FOR_REVIEW: { scope: string; key: string; text: string }[] = [
  { scope: 'tenant:berlin', key: 'visitor-badges', text: 'Visitors sign in at reception and wear a badge all day.' },
  { scope: 'tenant:berlin', key: 'printer-room', text: 'The printer room is on the second floor, next to the kitchen.' },
  { scope: 'tenant:berlin', key: 'bike-parking', text: 'Bicycles go in the courtyard racks, never in the hallway.' },
];
/** How long before the seed's clock the facts due for review were published: 20 days past their review date. */
export const DEMO_DUE_AGE_DAYS = DEFAULT_REVIEW_INTERVAL_DAYS + 20;

/** The actor who publishes each scope's demo facts (bob administers berlin); the rest by the installer. */
export const DEMO_PUBLISHER_BY_SCOPE: Record<string, string> = { 'tenant:berlin': 'u2' };
