// A path whose percent-encoding does not decode (`/agent/memories/%ff%fe`, `/api/trpc/%ff`) would
// make the framework fail with a plain-text 500 before any route runs. Escaping its percent signs
// turns it into a path that decodes to the literal text, so the route itself answers — an unknown
// id or procedure is a 404 in that route's own JSON shape.

/** `pathname` unchanged when it decodes; otherwise with every `%` escaped as `%25`. */
export function repairPercentEncoding(pathname: string): string {
  try {
    decodeURIComponent(pathname);
    return pathname;
  } catch {
    return pathname.replaceAll('%', '%25');
  }
}
