// The demo people's emails (README "Demo accounts"), for tests that call the console as them.
export const ALICE = 'alice@example.com';
export const BOB = 'bob@example.com';
export const HANA = 'hana@example.com';
export const OLGA = 'olga@example.com';
export const GINA = 'gina@example.com';
/** Berlin, no grants. */
export const CARLA = 'carla@example.com';
/** Hamburg, member of depot:hh. */
export const JONAS = 'jonas@example.com';
