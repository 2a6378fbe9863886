// The whole life of a newcomer, as one journey (docs/features.md "People" and "Groups, roles
// and memberships"): Bob invites someone, they take up the link in a browser of their own and see
// My memories; Bob puts them in a custom scope of Berlin and that scope's fact reaches them; Bob
// disables them and their open session ends. Only what this spec creates is changed.
import { expect, test } from './support/test';
import { credentialsOf } from './personas';
import { acceptInvite, createScope, freshPage, invitePerson, publishFact } from './support/admin-steps';
import { freshSignIn } from './support/sign-in';

test('bob invites a newcomer, puts them in a scope whose fact reaches them, then disables them', async ({ browser }) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const newcomer = { email: `e2e-journey-${stamp}@example.com`, name: `Jo Journey ${stamp}`, password: 'journey-password-1' };
  const scope = { name: `journey-${stamp}`, label: `Journey depot ${stamp}` };
  const fact = { key: `journey-opening-${stamp}`, text: 'The journey depot opens at six.' };

  // A fresh sign-in: inviting and disabling ask for one from the last ten minutes
  // (docs/operations.md "Sessions").
  const { context: bobContext, page: bob } = await freshSignIn(browser, credentialsOf('bob'));
  const token = await createScope(bob, scope);
  await publishFact(bob, { scope: token, ...fact });

  await bob.goto('/admin/people');
  const link = await invitePerson(bob, newcomer);
  await bob.getByRole('button', { name: 'Done' }).click();

  const jo = await freshPage(browser);
  await acceptInvite(jo, link, newcomer);
  const memories = jo.getByRole('list', { name: 'Memories', exact: true });
  await expect(memories).toBeVisible();
  await expect(jo.getByText(fact.text)).toHaveCount(0);

  // Into the scope: the fact is theirs on their next page.
  await bob.getByLabel('Search').fill(newcomer.email);
  await bob.getByRole('link', { name: newcomer.name }).click();
  await bob.getByRole('link', { name: 'Roles and groups' }).click();
  await expect(bob.getByRole('heading', { name: `Roles and groups of ${newcomer.name}`, level: 1 })).toBeVisible();
  await bob.getByRole('button', { name: `Put ${newcomer.name} in ${scope.label}` }).click();
  await expect(bob.getByText(`${newcomer.name} is now in ${scope.label} and sees its facts.`)).toBeFocused();
  await jo.reload();
  await expect(memories.getByText(fact.text)).toBeVisible();

  // Disabled: their open session ends at once.
  await bob.getByRole('link', { name: `Back to ${newcomer.name}` }).click();
  await bob.getByRole('button', { name: `Disable ${newcomer.name}` }).click();
  await bob
    .getByRole('dialog', { name: `Disable ${newcomer.name}?` })
    .getByRole('button', { name: 'Disable', exact: true })
    .click();
  await expect(bob.getByText(`${newcomer.name} is disabled and signed out everywhere.`)).toBeFocused();
  await jo.reload();
  await expect(jo).toHaveURL(/\/signin/);

  await jo.context().close();
  await bobContext.close();
});
