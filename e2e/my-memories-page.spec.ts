// "My memories" and the console's shell as a person meets them, at 1440×900 and on a 390×844 phone
// (each journey once, on a desktop, checked again at a phone's width where a phone differs):
// the header and its menu, where the search, the preview and "Forget everything" sit, what the
// preview says was left out, forgetting everything (on an e2e-only account), the loading hint,
// the theme choice, the dark dialog backdrop, the signed-in 404, the empty sign-in form, and the
// page's inline data kept in one-byte characters.
// It also saves screenshots of /memories for alice and hana (docs/testing.md "Screenshots").
import path from 'node:path';
import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import { expect, test } from './support/test';
import { memoryRow } from './support/memory-rows';
import { openAccountMenu } from './support/account-menu';
import { storageStatePath } from './personas';
import { signIn } from './support/sign-in';
import { FORGET_ACCOUNT } from './test-accounts';

const VIEWPORTS = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
} as const;
type Device = keyof typeof VIEWPORTS;

/** Where the run leaves the screenshots (test-results is not committed). */
const SCREENSHOTS = path.join(import.meta.dirname, '..', 'test-results', 'screenshots');

interface AgentMemory {
  key: string;
  scope: string;
}

async function serverMemories(request: APIRequestContext): Promise<AgentMemory[]> {
  const response = await request.get('/agent/memories');
  expect(response.status()).toBe(200);
  return (await response.json()) as AgentMemory[];
}

async function stateFact(request: APIRequestContext, key: string, text: string): Promise<void> {
  const response = await request.post('/api/trpc/memories.save', { data: { key, text } });
  expect(response.status()).toBe(200);
}

/** Opens the header's menu on a phone; on a desktop everything is already in the header. */
async function showHeaderControls(page: Page, device: Device) {
  if (device === 'phone') await page.getByRole('button', { name: 'Menu', exact: true }).click();
}

/** The text of a page's inline React Server Components data (Next writes it as `self.__next_f.push([1, "…"])`). */
function inlineData(html: string): string {
  const pushes = [...html.matchAll(/self\.__next_f\.push\((\[.*?\])\)<\/script>/gs)].map((match) => JSON.parse(match[1]!) as unknown[]);
  return pushes
    .filter(([kind]) => kind === 1)
    .map(([, text]) => text as string)
    .join('');
}

const listReady = (page: Page) => expect(page.getByRole('list', { name: 'Memories', exact: true })).toBeVisible();

/**
 * Full-page screenshots of /memories at each size (docs/testing.md "Screenshots"), once the list
 * and `finished` (in the preview) show.
 */
async function screenshots(page: Page, testInfo: TestInfo, persona: string, finished: (preview: Locator) => Locator) {
  await page.goto('/memories');
  await listReady(page);
  await expect(finished(page.getByRole('region', { name: 'What the assistant sees' }))).toBeVisible();
  for (const device of ['desktop', 'phone'] as const) {
    await page.setViewportSize(VIEWPORTS[device]);
    const file = path.join(SCREENSHOTS, `memories-${persona}-${device}.png`);
    await page.screenshot({ path: file, fullPage: true });
    await testInfo.attach(`memories-${persona}-${device}`, { path: file, contentType: 'image/png' });
  }
}

// Each journey runs once, on a desktop; where a phone shows something else, the same page is
// narrowed to a phone's width and checked again (the layout is CSS alone: nothing reloads).
test.use({ viewport: VIEWPORTS.desktop });

test.describe('as alice', () => {
  test.use({ storageState: storageStatePath('alice') });

  test('the header fits one line, and its menu works from the keyboard', async ({ page }) => {
    await page.goto('/memories');
    const banner = page.getByRole('banner');
    const nav = banner.getByRole('navigation', { name: 'Main' });
    const menu = banner.getByRole('button', { name: 'Menu', exact: true });
    // On a desktop everything is in the header; the person's own controls behind the account menu.
    await expect(nav).toBeVisible();
    await expect(menu).toBeHidden();
    const account = banner.getByRole('button', { name: 'Account menu: Alice Adler, Berlin office' });
    await expect(account).toHaveAttribute('aria-expanded', 'false');
    await expect(banner.getByRole('button', { name: 'Sign out' })).toBeHidden();
    await account.click();
    await expect(banner.getByTestId('signed-in-person')).toContainText('alice@');
    await expect(banner.getByRole('link', { name: 'Account' })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await banner.getByRole('link', { name: 'Account' }).focus();
    await page.keyboard.press('Escape');
    await expect(account).toBeFocused();
    await expect(account).toHaveAttribute('aria-expanded', 'false');
    await expect(banner.getByRole('button', { name: 'Sign out' })).toBeHidden();

    await page.setViewportSize(VIEWPORTS.phone);
    // One line: the name and the menu button, nothing else until it is opened.
    expect((await banner.boundingBox())!.height).toBeLessThan(80);
    await expect(nav).toBeHidden();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'My memories' })).toBeFocused();
    await expect(banner.getByRole('link', { name: 'Account' })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(menu).toBeFocused();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    // Following a link from the menu closes it on the new page.
    await menu.click();
    await banner.getByRole('link', { name: 'Account' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(nav).toBeHidden();
  });

  test('search spans the width, the preview is reachable from the top, "Forget everything" comes last', async ({ page }) => {
    await page.goto('/memories');
    await listReady(page);
    const search = page.getByRole('searchbox', { name: 'Search by key or text' });
    const forget = page.getByRole('button', { name: /^Forget everything about me/ });
    const preview = page.getByRole('region', { name: 'What the assistant sees' });
    const previewHeading = preview.getByRole('heading', { name: 'What the assistant sees' });
    const jump = page.getByRole('link', { name: 'See what the assistant sees' });
    // Search before the list; "Forget everything" after it, never the first control.
    const forgetComesAfterSearch = async () => expect((await forget.boundingBox())!.y).toBeGreaterThan((await search.boundingBox())!.y);
    await forgetComesAfterSearch();
    // On a desktop the preview is beside the list, in the first screen.
    await expect(jump).toBeHidden();
    await expect(previewHeading).toBeInViewport();

    await page.setViewportSize(VIEWPORTS.phone);
    await forgetComesAfterSearch();
    expect((await search.boundingBox())!.width).toBeGreaterThanOrEqual(VIEWPORTS.phone.width - 2 * 16 - 2);
    const jumpBox = (await jump.boundingBox())!;
    expect(jumpBox.y + jumpBox.height).toBeLessThan(VIEWPORTS.phone.height);
    await expect(page.getByText(/^Next conversation: the assistant carries \d+ of \d+ memories/)).toBeVisible();
    await jump.click();
    await expect(previewHeading).toBeFocused();
    await expect(previewHeading).toBeInViewport();
    await preview.getByRole('link', { name: 'Back to your memories' }).click();
    await expect(search).toBeInViewport();
  });

  test('no tooltip sticks out of the screen', async ({ page }) => {
    await page.goto('/memories');
    await listReady(page);
    const triggers = page.locator('main button[aria-describedby]');
    const outside: string[] = [];
    for (const device of ['desktop', 'phone'] as const) {
      await page.setViewportSize(VIEWPORTS[device]);
      for (let index = 0; index < (await triggers.count()); index += 1) {
        const trigger = triggers.nth(index);
        await trigger.focus();
        const measured = await trigger.evaluate((element) => {
          const tip = document.getElementById(element.getAttribute('aria-describedby')!.split(' ')[0]!);
          if (tip?.getAttribute('role') !== 'tooltip') return null;
          const box = tip.getBoundingClientRect();
          return {
            left: box.left,
            right: box.right,
            width: document.documentElement.clientWidth,
            scrollWidth: document.documentElement.scrollWidth,
          };
        });
        if (measured && (measured.left < 0 || measured.right > measured.width || measured.scrollWidth > measured.width)) {
          outside.push(
            `${device}: ${(await trigger.textContent())?.trim()} #${index}: ${Math.round(measured.left)}–${Math.round(measured.right)} of ${measured.width}`,
          );
        }
      }
    }
    expect(outside).toEqual([]);
  });

  test('the shared-memories explanation is said once, and the preview speaks plainly', async ({ page }) => {
    await page.goto('/memories');
    await listReady(page);
    await expect(page.getByRole('note', { name: 'About shared memories' })).toHaveCount(1);
    await expect(page.getByRole('note', { name: 'About shared memories' })).toContainText(
      'Only an administrator can change or remove them',
    );
    const preview = page.getByRole('region', { name: 'What the assistant sees' });
    await expect(preview.getByText('Characters it reads')).toBeVisible();
    await expect(preview).not.toContainText('Prompt size');
  });

  test('while a search loads, the list says it is updating', async ({ page }) => {
    await page.goto('/memories');
    await listReady(page);
    const list = page.getByRole('list', { name: 'Memories', exact: true });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/trpc\/[^?]*memories\.list/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('searchbox', { name: 'Search by key or text' }).fill('fiscal');
    const busy = list.locator('xpath=ancestor::*[@aria-busy="true"][1]');
    await expect(busy).toHaveCount(1);
    await expect(busy.getByText('Updating…')).toBeVisible();
    release();
    await expect(memoryRow(page, 'fiscal-year')).toBeVisible();
    await expect(list.locator('xpath=ancestor::*[@aria-busy="true"]')).toHaveCount(0);
    await expect(page.getByText('Updating…')).toHaveCount(0);
  });

  test('the theme is a labelled choice of system, light and dark, remembered', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/memories');
    const html = page.locator('html');
    // Chosen on a desktop, where the choice sits in the header's account menu…
    await openAccountMenu(page);
    const theme = page.getByRole('combobox', { name: 'Theme' });
    await expect(theme).toHaveValue('system');
    await expect(theme.getByRole('option')).toHaveText(['System', 'Light', 'Dark']);
    await theme.selectOption('dark');
    await expect(html).toHaveClass(/dark/);
    await page.reload();
    await expect(html).toHaveClass(/dark/);
    await openAccountMenu(page);
    await expect(theme).toHaveValue('dark');
    // …and on a phone, where it sits behind the menu.
    await page.setViewportSize(VIEWPORTS.phone);
    await showHeaderControls(page, 'phone');
    await expect(theme).toHaveValue('dark');
    await expect(theme.getByRole('option')).toHaveText(['System', 'Light', 'Dark']);
    await theme.selectOption('system');
    await expect(html).not.toHaveClass(/dark/);
  });

  test('in dark mode a dialog dims the page behind it', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/memories');
    await listReady(page);
    await page.getByRole('button', { name: /^Forget everything about me/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Forget everything about you?' });
    await expect(dialog).toBeVisible();
    const backdrop = await dialog.evaluate((element) => getComputedStyle(element, '::backdrop').backgroundColor);
    // Near-black at three quarters or more: the slate page behind it visibly darkens.
    const [r, g, b, a] = (backdrop.match(/[\d.]+/g) ?? []).map(Number);
    expect(Math.max(r!, g!, b!)).toBeLessThan(20);
    expect(a).toBeGreaterThanOrEqual(0.7);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('a wrong address keeps the header', async ({ page }) => {
    const response = await page.goto('/memories/nothing-here');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    const banner = page.getByRole('banner');
    const home = banner.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My memories' });
    for (const device of ['desktop', 'phone'] as const) {
      await page.setViewportSize(VIEWPORTS[device]);
      await expect(banner.getByRole('link', { name: 'Memory Console' })).toBeVisible();
      await showHeaderControls(page, device);
      await expect(home).toBeVisible();
      await expect(banner.getByTestId('signed-in-person')).toContainText('Alice Adler');
    }
    await page.getByRole('link', { name: 'Go to my memories' }).click();
    await expect(page).toHaveURL(/\/memories$/);
  });

  test('the page carries its data in one-byte characters', async ({ page }) => {
    // Above U+00FF one character anywhere in a page's inline data makes the server hold all of it
    // in strings of two bytes a character (docs/architecture.md "Wire format"): the prefetched
    // answers escape such characters, and what the page's own components say stays in Latin-1.
    const response = await page.request.get('/memories');
    expect(response.status()).toBe(200);
    const payload = inlineData(await response.text());
    expect(payload).toContain('["memories","list"]');
    expect([...payload].filter((character) => character.codePointAt(0)! > 0xff)).toEqual([]);
  });

  test('screenshots of /memories', async ({ page }, testInfo) => {
    await screenshots(page, testInfo, 'alice', (preview) => preview.getByText('Carried'));
  });
});

test.describe('as hana', () => {
  test.use({ storageState: storageStatePath('hana') });

  test('the partial-selection note says what was left out: her own memories and shared ones', async ({ page }) => {
    await page.goto('/memories');
    const note = page.getByRole('region', { name: 'What the assistant sees' }).getByRole('note');
    await expect(note).toContainText('Partial selection');
    // Her own two facts never fit under Hamburg's limit of 5; the rest are Hamburg's policies.
    const own = (await serverMemories(page.request)).filter((memory) => memory.scope === 'actor:h1').length;
    expect(own).toBeGreaterThan(0);
    await expect(note).toContainText(new RegExp(`Left out: ${own} of your own memories and \\d+ memor(y|ies) shared by your organisation`));
  });

  test('screenshots of /memories', async ({ page }, testInfo) => {
    await screenshots(page, testInfo, 'hana', (preview) => preview.getByRole('note'));
  });
});

test.describe('signed out', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('an empty sign-in form says which field is missing and focuses it', async ({ page }) => {
    await page.goto('/signin');
    const signIn = page.getByRole('button', { name: 'Sign in', exact: true });
    await signIn.click();
    const email = page.getByLabel('Email');
    const password = page.getByLabel('Password');
    await expect(page.getByText('Enter your email address.')).toBeVisible();
    await expect(page.getByText('Enter your password.')).toBeVisible();
    await expect(email).toBeFocused();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('Enter your email address.');
    await email.fill('alice@example.com');
    await expect(page.getByText('Enter your email address.')).toBeHidden();
    await signIn.click();
    await expect(password).toBeFocused();
    await expect(password).toHaveAccessibleDescription('Enter your password.');
    await expect(page).toHaveURL(/\/signin/);
  });

  test('a wrong password moves focus to the reason', async ({ page }) => {
    await page.goto('/signin');
    // The e2e-only account, so the demo personas never come near the sign-in throttle.
    await page.getByLabel('Email').fill(FORGET_ACCOUNT.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const reason = page.getByRole('alert').filter({ hasText: 'Wrong email or password.' });
    await expect(reason).toHaveText('Wrong email or password.');
    await expect(reason).toBeFocused();
  });

  test('"Forget everything" says how many will go, takes the word in any case, then leads with what remains', async ({ page }) => {
    await signIn(page, FORGET_ACCOUNT, { timeout: 20_000 });
    await stateFact(page.request, 'forget-one', 'The first thing to forget.');
    await stateFact(page.request, 'forget-two', 'The second thing to forget.');
    const before = await serverMemories(page.request);
    const own = before.filter((memory) => memory.scope === 'actor:e2e-forget');
    const shared = before.length - own.length;
    expect(own.length).toBeGreaterThanOrEqual(2);
    await page.reload();
    await listReady(page);

    const button = page.getByRole('button', { name: 'Forget everything about me' });
    await expect(button).toHaveAccessibleDescription(`${own.length} memories are held about you personally.`);
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Forget everything about you?' });
    await expect(dialog).toContainText(`This deletes all ${own.length} memories held about you personally`);
    const confirm = dialog.getByRole('button', { name: `Forget ${own.length} memories` });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Type FORGET to confirm').fill('forge');
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Type FORGET to confirm').fill(' Forget ');
    await confirm.click();

    await expect(dialog).toBeHidden();
    const remains = page.getByRole('heading', { name: `${own.length} memories about you were deleted` });
    await expect(remains).toBeFocused();
    await expect(page.getByText(`What remains: ${shared} shared memories, listed below.`)).toBeVisible();
    await expect(page.getByRole('button', { name: /^Forget everything about me/ })).toHaveCount(0);
    await expect(page.getByText('Nothing is held about you personally.')).toBeVisible();
    await expect(memoryRow(page, 'forget-one')).toHaveCount(0);
    await expect(memoryRow(page, 'units')).toBeVisible();
    // The server agrees: nothing of hers is left, the shared memories are untouched.
    const after = await serverMemories(page.request);
    expect(after.filter((memory) => memory.scope === 'actor:e2e-forget')).toEqual([]);
    expect(after).toHaveLength(shared);
  });
});
