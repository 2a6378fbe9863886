// The demo people the e2e tests act as (README "Demo accounts"), and where each one's signed-in
// state is saved (one file per persona and console, e2e/support/consoles.ts).
import path from 'node:path';
import { workerConsoleIndex } from './support/consoles';

export const PERSONAS = {
  alice: { email: 'alice@example.com', name: 'Alice Adler', nav: ['My memories'] },
  bob: {
    email: 'bob@example.com',
    name: 'Bob Brandt',
    nav: ['My memories', 'Review', 'Facts', 'Audit', 'Member preview', 'Settings', 'People', 'Groups', 'Operations', 'API tokens'],
  },
  olga: { email: 'olga@example.com', name: 'Olga Ostrowski', nav: ['My memories', 'Operations', 'API tokens'] },
  hana: { email: 'hana@example.com', name: 'Hana Hoffmann', nav: ['My memories'] },
  gina: {
    email: 'gina@example.com',
    name: 'Gina Graf',
    nav: ['My memories', 'Review', 'Facts', 'Audit', 'Member preview', 'Settings', 'People', 'Groups', 'Operations', 'API tokens'],
  },
} as const;

export type Persona = keyof typeof PERSONAS;
export const ALL_NAV = [
  'My memories',
  'Review',
  'Facts',
  'Audit',
  'Member preview',
  'Settings',
  'People',
  'Groups',
  'Operations',
  'API tokens',
];
export const DEMO_PASSWORD = 'demo';

/** Sessions belong to one console's database: each console has its own file per persona. */
export function storageStatePath(persona: Persona, consoleIndex: number = workerConsoleIndex()): string {
  return path.join(import.meta.dirname, '.auth', `${persona}-${consoleIndex}.json`);
}

/** A persona's email and the demo password, for a sign-in of its own (e2e/support/sign-in.ts). */
export function credentialsOf(persona: Persona): { email: string; password: string } {
  return { email: PERSONAS[persona].email, password: DEMO_PASSWORD };
}
