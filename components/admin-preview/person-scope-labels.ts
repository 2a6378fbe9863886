// Member preview speaks about the person viewed, not to the administrator reading it: the badges of
// their own scope and their organisation's name them ("Only Hana Hoffmann", "Hana Hoffmann’s
// organisation") where their own My memories says "Just you" and "Your organisation". Given to the
// preview as labels of those scopes (scopeBadge uses a label when one is given), so My memories
// loads none of it.
import { actorScope, tenantScope } from '@/server/domain';

export function personScopeLabels(member: { name: string; actorRef: string; tenantRef: string }): Record<string, string> {
  return {
    [actorScope(member.actorRef)]: `Only ${member.name}`,
    [tenantScope(member.tenantRef)]: `${member.name}’s organisation`,
  };
}
