// Member preview speaks about the person viewed, not to the administrator reading it: the badges of
// their own scope and their organisation's name them ("Only Hana Hoffmann", "Hana Hoffmann’s
// organisation") where their own My memories says "Just you" and "Your organisation". Given to the
// preview as labels of those scopes (scopeBadge uses a label when one is given), so My memories
// loads none of it. The scopes' tokens come from the server (preview.member), which makes them.

export function personScopeLabels(member: { name: string; ownScope: string; organisationScope: string }): Record<string, string> {
  return {
    [member.ownScope]: `Only ${member.name}`,
    [member.organisationScope]: `${member.name}’s organisation`,
  };
}
