// Which network addresses an alert webhook may reach (docs/operations.md "Alert webhooks"): only
// the public internet. Loopback, private, link-local, unique-local, shared (CGNAT), multicast,
// unspecified and reserved ranges are refused, also when written as an IPv4 address inside an IPv6
// one (mapped, compatible, NAT64, 6to4). Pure: the address text in, its kind out; DNS is resolved
// by the caller.

export type AddressKind =
  'public' | 'loopback' | 'private' | 'link-local' | 'unique-local' | 'shared' | 'multicast' | 'unspecified' | 'reserved';

/** How each refused kind is named to a person. */
export const ADDRESS_KIND_WORDS: Record<Exclude<AddressKind, 'public'>, string> = {
  loopback: 'this machine (a loopback address)',
  private: 'a private network address',
  'link-local': 'a link-local address',
  'unique-local': 'a private (unique-local) IPv6 address',
  shared: 'a carrier-grade NAT (shared) address',
  multicast: 'a multicast address',
  unspecified: 'an unspecified address',
  reserved: 'a reserved address',
};

/** The four bytes of a dotted-quad IPv4 address (decimal, no leading zeros), or null. */
export function parseIpv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const bytes: number[] = [];
  for (const part of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(part)) return null;
    const value = Number(part);
    if (value > 255) return null;
    bytes.push(value);
  }
  return bytes;
}

/** The sixteen bytes of an IPv6 address (`::` shorthand and an IPv4 tail allowed, no zone), or null. */
export function parseIpv6(text: string): number[] | null {
  if (text.length === 0 || text.length > 45 || text.includes('%')) return null;
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (half: string): number[] | null => {
    if (half === '') return [];
    const words: number[] = [];
    const pieces = half.split(':');
    for (let i = 0; i < pieces.length; i++) {
      const piece = pieces[i]!;
      if (i === pieces.length - 1 && piece.includes('.')) {
        const v4 = parseIpv4(piece);
        if (!v4) return null;
        words.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
      } else {
        if (!/^[0-9a-fA-F]{1,4}$/.test(piece)) return null;
        words.push(parseInt(piece, 16));
      }
    }
    return words;
  };
  const head = groupsOf(halves[0]!);
  const tail = halves.length === 2 ? groupsOf(halves[1]!) : [];
  if (!head || !tail) return null;
  // An IPv4 tail is only allowed at the very end.
  if (halves.length === 2 && halves[0]!.includes('.')) return null;
  let words: number[];
  if (halves.length === 2) {
    const missing = 8 - head.length - tail.length;
    if (missing < 1) return null;
    words = [...head, ...new Array<number>(missing).fill(0), ...tail];
  } else {
    if (head.length !== 8) return null;
    words = head;
  }
  return words.flatMap((word) => [word >> 8, word & 0xff]);
}

function inRange(bytes: number[], prefix: number[], bits: number): boolean {
  for (let bit = 0; bit < bits; bit++) {
    const byte = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    if ((bytes[byte]! & mask) !== (prefix[byte]! & mask)) return false;
  }
  return true;
}

const IPV4_RANGES: [number[], number, AddressKind][] = [
  [[0, 0, 0, 0], 8, 'unspecified'],
  [[10, 0, 0, 0], 8, 'private'],
  [[100, 64, 0, 0], 10, 'shared'],
  [[127, 0, 0, 0], 8, 'loopback'],
  [[169, 254, 0, 0], 16, 'link-local'],
  [[172, 16, 0, 0], 12, 'private'],
  [[192, 0, 0, 0], 24, 'reserved'],
  [[192, 0, 2, 0], 24, 'reserved'],
  [[192, 88, 99, 0], 24, 'reserved'],
  [[192, 168, 0, 0], 16, 'private'],
  [[198, 18, 0, 0], 15, 'reserved'],
  [[198, 51, 100, 0], 24, 'reserved'],
  [[203, 0, 113, 0], 24, 'reserved'],
  [[224, 0, 0, 0], 4, 'multicast'],
  [[240, 0, 0, 0], 4, 'reserved'],
];

function classifyIpv4Bytes(bytes: number[]): AddressKind {
  for (const [prefix, bits, kind] of IPV4_RANGES) if (inRange(bytes, prefix, bits)) return kind;
  return 'public';
}

const zeros = (count: number) => new Array<number>(count).fill(0);

function classifyIpv6Bytes(bytes: number[]): AddressKind {
  const v4At = (offset: number) => classifyIpv4Bytes(bytes.slice(offset, offset + 4));
  if (bytes.every((byte) => byte === 0)) return 'unspecified';
  if (inRange(bytes, [...zeros(15), 1], 128)) return 'loopback';
  // IPv4-mapped ::ffff:a.b.c.d and the translated ::ffff:0:a.b.c.d: the IPv4 address decides.
  if (inRange(bytes, [...zeros(10), 0xff, 0xff, ...zeros(4)], 96)) return v4At(12);
  if (inRange(bytes, [...zeros(8), 0xff, 0xff, ...zeros(6)], 96)) return v4At(12);
  // IPv4-compatible ::a.b.c.d (deprecated) and NAT64 64:ff9b::a.b.c.d, 64:ff9b:1::/48.
  if (inRange(bytes, zeros(16), 96)) return v4At(12);
  if (inRange(bytes, [0x00, 0x64, 0xff, 0x9b, ...zeros(12)], 96)) return v4At(12);
  if (inRange(bytes, [0x00, 0x64, 0xff, 0x9b, 0x00, 0x01, ...zeros(10)], 48)) return 'reserved';
  // 6to4 2002:a.b.c.d::/48 carries an IPv4 address in bytes 2–5.
  if (inRange(bytes, [0x20, 0x02, ...zeros(14)], 16)) return v4At(2);
  if (inRange(bytes, [0xff, ...zeros(15)], 8)) return 'multicast';
  if (inRange(bytes, [0xfe, 0x80, ...zeros(14)], 10)) return 'link-local';
  if (inRange(bytes, [0xfe, 0xc0, ...zeros(14)], 10)) return 'private';
  if (inRange(bytes, [0xfc, ...zeros(15)], 7)) return 'unique-local';
  // Teredo 2001::/32, documentation 2001:db8::/32, discard 100::/64, ORCHID and benchmarking.
  if (inRange(bytes, [0x20, 0x01, ...zeros(14)], 32)) return 'reserved';
  if (inRange(bytes, [0x20, 0x01, 0x0d, 0xb8, ...zeros(12)], 32)) return 'reserved';
  if (inRange(bytes, [0x01, ...zeros(15)], 64)) return 'reserved';
  if (inRange(bytes, [0x20, 0x01, 0x00, 0x10, ...zeros(12)], 28)) return 'reserved';
  if (inRange(bytes, [0x20, 0x01, 0x00, 0x02, ...zeros(12)], 48)) return 'reserved';
  // Only global unicast (2000::/3) is routed on the internet.
  if (!inRange(bytes, [0x20, ...zeros(15)], 3)) return 'reserved';
  return 'public';
}

/** The kind of an IP address written as text (IPv4 dotted quad, or IPv6 with or without brackets); null when it is no IP address. */
export function classifyIpAddress(text: string): AddressKind | null {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  const v4 = parseIpv4(bare);
  if (v4) return classifyIpv4Bytes(v4);
  const v6 = bare.includes(':') ? parseIpv6(bare) : null;
  return v6 ? classifyIpv6Bytes(v6) : null;
}

/**
 * What a deployment allows besides https to public addresses (docs/operations.md "Alert webhooks",
 * `WEBHOOK_DEV_ALLOW`).
 */
export interface WebhookAddressPolicy {
  /** Plain http:// URLs. */
  allowHttp: boolean;
  /** Any address: loopback, private and the other non-public ranges. */
  allowPrivate: boolean;
}

export const STRICT_WEBHOOK_POLICY: WebhookAddressPolicy = { allowHttp: false, allowPrivate: false };

/**
 * The kind of a URL's host when it can be told without DNS: an IP literal, or `localhost` and
 * names under `.localhost` (which resolve to this machine); null for other names.
 */
export function hostAddressKind(hostname: string): AddressKind | null {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return 'loopback';
  return classifyIpAddress(name);
}

/** Why a webhook may not be sent to `address` (as resolved or written), or null when it may. */
export function webhookAddressProblem(address: string, policy: WebhookAddressPolicy): string | null {
  const kind = hostAddressKind(address);
  if (kind === null) return `"${address}" is not an IP address.`;
  if (kind === 'public' || policy.allowPrivate) return null;
  return `The address ${address} is ${ADDRESS_KIND_WORDS[kind]}; alerts are only sent to addresses on the public internet.`;
}
