import type { Locator, Page } from 'playwright-core';

/** Opens the menu drawer and returns it. */
export async function openMenu(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByTestId('menu');
  await menu.waitFor();
  return menu;
}

/** Fills and sends one of the menu's account dialogs (Sign In or Create Account). */
export async function submitMenuForm(
  page: Page,
  item: 'Sign In' | 'Create Account',
  email: string,
  password: string,
) {
  const menu = await openMenu(page);
  await menu.getByRole('button', { name: item }).click();
  const dialog = page.getByRole('dialog', { name: item });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: item }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Whom the menu's profile card names: the e-mail and badge, or 'Guest User'. */
export async function menuCardText(page: Page): Promise<string> {
  const menu = await openMenu(page);
  const card = menu.getByRole('link', { name: /@/ }).or(menu.getByText('Guest User'));
  const text = (await card.first().textContent()) ?? '';
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'detached' });
  return text;
}
