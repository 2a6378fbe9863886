// Before and after of one audited change, readably: the text that was replaced and the one that
// replaced it, the always-on switch and the version. A person's own notes keep no key or text; a
// row about something other than a memory (a token, an alert, an invite…) says what it is.
import type { AuditRow } from '@/components/trpc/outputs';

interface Snapshot {
  text?: string;
  pinned?: boolean;
  version?: number;
  undoes?: string;
}

function snapshot(value: unknown): Snapshot | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Snapshot) : null;
}

function TextLine({ label, text, tone }: { label: string; text: string; tone: 'old' | 'new' }) {
  return (
    <p className="break-words">
      <span className="font-medium text-slate-700 dark:text-slate-300">{label}: </span>
      {tone === 'old' ? (
        <del className="text-red-800 decoration-red-400 dark:text-red-300">{text}</del>
      ) : (
        <ins className="text-emerald-800 no-underline dark:text-emerald-300">{text}</ins>
      )}
    </p>
  );
}

const yesNo = (value: boolean | undefined) => (value ? 'yes' : 'no');

/** What a row that is not about a memory records, in a few words ("Token created"). */
const RECORDS: Record<string, string> = {
  'token.created': 'Token created: the log keeps its name and permissions, never its secret.',
  'token.revoked': 'Token revoked.',
  'alert.acknowledged': 'Alert acknowledged.',
  'alert.resolved': 'Alert resolved.',
  'person.invited': 'Invite sent.',
  'person.invite-accepted': 'Invite accepted.',
  'person.password-reset': 'Password-reset link made.',
  'person.password-set': 'New password set from a link.',
  'webhook.saved': 'Webhook saved.',
  'webhook.deleted': 'Webhook removed.',
};

export function AuditChange({ row }: { row: Pick<AuditRow, 'action' | 'before' | 'after' | 'key'> }) {
  const before = snapshot(row.before);
  const after = snapshot(row.after);
  const lines = [];
  if (before?.text !== undefined && before.text !== after?.text)
    lines.push(<TextLine key="b" label="Before" text={before.text} tone="old" />);
  if (after?.text !== undefined)
    lines.push(<TextLine key="a" label={before?.text === after.text ? 'Text (unchanged)' : 'After'} text={after.text} tone="new" />);
  if (before?.text !== undefined && after?.text === undefined) lines.push(<p key="gone">The fact was removed.</p>);
  if (before && after && before.pinned !== undefined && after.pinned !== undefined && before.pinned !== after.pinned) {
    lines.push(
      <p key="pin">
        Always on: {yesNo(before.pinned)} → {yesNo(after.pinned)}
      </p>,
    );
  } else if (after?.pinned && !before) {
    lines.push(<p key="pin">Always on</p>);
  }
  const record = RECORDS[row.action];
  if (record) {
    lines.push(<p key="record">{record}</p>);
  } else if (row.key === null && row.action.startsWith('memory.') && (before || after)) {
    lines.push(
      <p key="personal" className="text-slate-600 dark:text-slate-400">
        A person’s own note: the log keeps no key or text.
      </p>,
    );
  }
  const version = [before?.version, after?.version].filter((value) => value !== undefined).join(' → ');
  if (version)
    lines.push(
      <p key="v" className="text-xs text-slate-600 dark:text-slate-400">
        Version {version}
      </p>,
    );
  if (after?.undoes)
    lines.push(
      <p key="u" className="text-xs text-slate-600 dark:text-slate-400">
        Undoes entry <code className="break-all">{after.undoes}</code>
      </p>,
    );
  if (lines.length === 0) return <p className="text-slate-600 dark:text-slate-400">No details kept.</p>;
  return <div className="space-y-1 text-sm">{lines}</div>;
}
