// A person's status in words (server/domain/person-standing.ts decides it).
import type { RouterOutputs } from '@/components/trpc/outputs';
import { Badge } from '@/components/ui/badge';

type Status = RouterOutputs['people']['get']['status'];

export function PersonStatusBadge({ status }: { status: Status }) {
  if (status === 'disabled') return <Badge tone="slate">Disabled</Badge>;
  if (status === 'invited') return <Badge tone="amber">Invited</Badge>;
  return <Badge tone="emerald">Active</Badge>;
}
