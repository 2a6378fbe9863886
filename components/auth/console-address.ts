// Whether the sign-in page is open at an address the console answers as. Behind a proxy, or at
// the network address Next prints, the console may be reached at an origin other than its own
// (NEXTAUTH_URL): sign-in then cannot stick, and every change would be refused as cross-site. The
// page says so, and which address and variable fix it (docs/sign-in-and-network.md).

export interface ConsoleAddress {
  /** The console's origin as this request addressed it (server/http/console-origin.ts). */
  expected: string;
  /** Every origin that is this console (server/http/origin.ts, sameConsoleOrigins). */
  accepted: string[];
}

/** The warning for a page open at `current`, or null when that is the console's own origin. */
export function wrongAddressWarning(current: string, address: ConsoleAddress): string | null {
  if (address.accepted.includes(current)) return null;
  return (
    `This console's address is ${address.expected} (set by NEXTAUTH_URL where it runs), but this page is open at ${current}: ` +
    'signing in here will not stick, and changes would be refused. Open the console at its address, ' +
    'or have NEXTAUTH_URL set to the address you use.'
  );
}
