// The relevance suite of the runtime's search (server/services/runtime/search-relevance.int.test.ts):
// facts an organisation might publish, noise that shares their everyday words, and natural
// questions a person asks in a turn, each with the key that must rank in the top three.

/** Published at `tenant:berlin` beside the demo data. */
export const RELEVANCE_FACTS: { key: string; text: string }[] = [
  { key: 'parking', text: 'Staff park in the underground garage on level two.' },
  { key: 'wifi-password', text: 'The guest Wi-Fi network is called Lobby and needs no password.' },
  { key: 'lunch-break', text: 'Lunch breaks are 45 minutes, taken between 12:00 and 14:00.' },
  { key: 'travel-booking', text: 'Book business trips through the travel portal at least two weeks ahead.' },
  { key: 'laptop-replacement', text: 'Laptops are replaced every four years by IT.' },
  { key: 'printer', text: 'The colour printer is on the third floor next to the kitchen.' },
  { key: 'sick-leave', text: 'Report sick leave to your manager before 9 am.' },
  { key: 'vacation-days', text: 'Everyone gets 30 vacation days per year.' },
  { key: 'office-hours', text: 'The office opens at 7:30 and closes at 20:00.' },
  { key: 'security-badge', text: 'Wear your security badge visibly at all times.' },
  { key: 'expense-reports', text: 'Submit expense reports within 30 days with receipts attached.' },
  { key: 'coffee-machine', text: 'The coffee machine is cleaned every Friday afternoon.' },
  { key: 'meeting-rooms', text: 'Meeting rooms are booked in the calendar; cancel bookings you do not need.' },
  { key: 'password-policy', text: 'Passwords must be changed every 90 days and have at least 12 characters.' },
  { key: 'remote-work', text: 'Working from home is allowed up to three days a week.' },
  { key: 'onboarding', text: 'New hires get a buddy for their first month.' },
  { key: 'recycling', text: 'Separate paper, plastic and glass in the marked bins.' },
  { key: 'fire-drill', text: 'Fire drills happen twice a year; gather at the car park exit.' },
  { key: 'bike-storage', text: 'Bicycles go in the courtyard racks, not in the hallway.' },
  { key: 'invoice-approval', text: 'Invoices above 1,000 EUR need two signatures.' },
  { key: 'customer-calls', text: 'Customer calls are recorded only with consent.' },
  { key: 'shipping-cutoff', text: 'Orders placed before 15:00 ship the same day.' },
  { key: 'returns', text: 'Customers may return goods within 14 days.' },
  { key: 'newsletter', text: 'The internal newsletter goes out on the first Monday of each month.' },
  { key: 'it-helpdesk', text: 'Reach the IT helpdesk at extension 4444.' },
  { key: 'kantine', text: 'Die Kantine öffnet um 11:30 Uhr.' },
];

const NOISE_WORDS = [
  'report',
  'meeting',
  'invoice',
  'customer',
  'printer',
  'password',
  'shipping',
  'team',
  'office',
  'week',
  'time',
  'day',
];

/** `count` shared facts of everyday words, none about the subject of a question below. */
export function noiseFacts(count: number): { key: string; text: string }[] {
  return Array.from({ length: count }, (_, i) => ({
    key: `ticket-${i}`,
    text: `Ticket ${i}: follow up on the ${NOISE_WORDS[i % NOISE_WORDS.length]} request from ${NOISE_WORDS[(i * 7) % NOISE_WORDS.length]} planning.`,
  }));
}

export const ALICE_SCOPES = ['actor:u1', 'tenant:berlin', 'global'];
export const HANA_SCOPES = ['actor:h1', 'depot:hh', 'tenant:hamburg', 'global'];

/** A question, whose scopes it is asked at, and the key that must be among the first three. */
export const RELEVANCE_CASES: { query: string; scopes: string[]; top3: string }[] = [
  ...(
    [
      ['where can I park my car', 'parking'],
      ['what is the wifi password', 'wifi-password'],
      ['how long is lunch', 'lunch-break'],
      ['how do I book a business trip', 'travel-booking'],
      ['when will my laptop be replaced', 'laptop-replacement'],
      ['where is the printer', 'printer'],
      ['I am sick today, who do I tell', 'sick-leave'],
      ['how many vacation days do I have', 'vacation-days'],
      ['when does the office open', 'office-hours'],
      ['do I need to wear my badge', 'security-badge'],
      ['how do I submit my expenses', 'expense-reports'],
      ['when is the coffee machine cleaned', 'coffee-machine'],
      ['how can I book a meeting room', 'meeting-rooms'],
      ['how often must I change my password', 'password-policy'],
      ['can I work from home', 'remote-work'],
      ['who helps new hires', 'onboarding'],
      ['where does the glass go', 'recycling'],
      ['what happens in a fire drill', 'fire-drill'],
      ['where do I put my bicycle', 'bike-storage'],
      ['who needs to approve an invoice', 'invoice-approval'],
      ['can we record customer calls', 'customer-calls'],
      ['when do orders ship', 'shipping-cutoff'],
      ['how long can customers return goods', 'returns'],
      ['when does the newsletter go out', 'newsletter'],
      ['what is the helpdesk number', 'it-helpdesk'],
      ['wann öffnet die Kantine', 'kantine'],
      ['what is the fiscal year', 'fiscal-year'],
      ['which language should you answer me in', 'answer-language'],
      ['what team am I in', 'team'],
      ['how long should meetings be', 'meeting-length'],
      ['which hotel do I like', 'hotel'],
      ['can I store customer names in my notes', 'data-retention'],
      ['do expenses need approval', 'expense-limit'],
      ['should distances be in miles or kilometres', 'units'],
      ['"lunch breaks" rules', 'lunch-break'],
    ] as const
  ).map(([query, top3]) => ({ query, top3, scopes: ALICE_SCOPES })),
  ...(
    [
      ['when can trucks use the dock', 'loading-dock'],
      ['what do I wear on the floor', 'safety-briefing'],
      ['when is the warehouse staffed', 'working-hours'],
      ['which shift do I work', 'shift'],
      ['do I have a forklift licence', 'forklift-licence'],
      ['who handles damaged goods', 'escalation'],
      ['which holidays apply here', 'holiday-calendar'],
      ['what language do I reply in', 'reply-language'],
      ['forkl', 'forklift-licence'],
      ['"early shift"', 'shift'],
    ] as const
  ).map(([query, top3]) => ({ query, top3, scopes: HANA_SCOPES })),
];
