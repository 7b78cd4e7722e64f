// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Me } from '#contract/api-schemas';
import { queryKeys } from '#web/lib/query-client';
import { freeMe, renderScreen, stubServer, type FakeAnswer } from '#web/testing/screen';
import { DeleteAccountDialog } from './delete-account-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
beforeEach(() => localStorage.clear());

function setup(answer: FakeAnswer) {
  const { seen } = stubServer((request) =>
    request.method === 'DELETE' && request.path === '/api/account' ? answer : { status: 404 },
  );
  const user = userEvent.setup();
  const onDeleted = vi.fn();
  const { client } = renderScreen(
    <DeleteAccountDialog open onOpenChange={() => {}} onDeleted={onDeleted} />,
  );
  client.setQueryData(queryKeys.me, freeMe);
  const dialog = screen.getByRole('alertdialog', { name: 'Delete Account' });
  const deletes = () => seen.filter((request) => request.method === 'DELETE');
  return { user, dialog, onDeleted, client, deletes };
}

async function toStepTwo(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  expect(within(dialog).getByText(/cannot be undone/)).toBeTruthy();
  await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
}

describe('Delete account', () => {
  it('warns first, then needs DELETE typed exactly before asking the server', async () => {
    const { user, dialog, deletes } = setup({ status: 204 });
    await toStepTwo(user, dialog);
    const rule = 'Please type "DELETE" exactly and enter your password.';
    await user.type(within(dialog).getByLabelText('Type "DELETE" to confirm'), 'delete');
    await user.type(within(dialog).getByLabelText('Password'), 'secret-1');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
    expect(within(dialog).getByText(rule)).toBeTruthy();

    expect(deletes()).toHaveLength(0);
  });

  it('an empty password refused by the server shows the same rule, not a toast', async () => {
    const { user, dialog, onDeleted, deletes } = setup({
      status: 401,
      body: { error: 'invalid_credentials', message: 'Incorrect password.' },
    });
    await toStepTwo(user, dialog);
    await user.type(within(dialog).getByLabelText('Type "DELETE" to confirm'), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
    expect(
      await within(dialog).findByText('Please type "DELETE" exactly and enter your password.'),
    ).toBeTruthy();
    expect(deletes()[0]?.body).toEqual({ password: '' });
    expect(screen.queryByText('Deletion Failed')).toBeNull();
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('an account made at checkout (no password) deletes with the password left empty', async () => {
    const { user, dialog, onDeleted, deletes } = setup({ status: 204 });
    await toStepTwo(user, dialog);
    expect(
      within(dialog).getByText('An account made at checkout has no password: leave this empty.'),
    ).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Type "DELETE" to confirm'), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
    await vi.waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(deletes()[0]?.body).toEqual({ password: '' });
  });

  it('deletes with the password and the session becomes a guest', async () => {
    const { user, dialog, onDeleted, client, deletes } = setup({ status: 204 });
    await toStepTwo(user, dialog);
    await user.type(within(dialog).getByLabelText('Type "DELETE" to confirm'), 'DELETE');
    await user.type(within(dialog).getByLabelText('Password'), 'secret-1');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
    await vi.waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(deletes()[0]?.body).toEqual({ password: 'secret-1' });
    expect(client.getQueryData<Me>(queryKeys.me)?.email).toBe('');
  });

  it('an active subscription goes back to step 1 with the reason and only Close', async () => {
    const message =
      'You have an active Pro subscription. Cancel it in the billing portal before deleting.';
    const { user, dialog, onDeleted } = setup({
      status: 409,
      body: { error: 'active_subscription', message },
    });
    await toStepTwo(user, dialog);
    await user.type(within(dialog).getByLabelText('Type "DELETE" to confirm'), 'DELETE');
    await user.type(within(dialog).getByLabelText('Password'), 'secret-1');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent || b.getAttribute('aria-label')),
    ).toEqual(['Close', 'Close']);
    expect(within(dialog).queryByRole('button', { name: 'Continue' })).toBeNull();
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('other failures toast Deletion Failed and keep step 2', async () => {
    const { user, dialog, onDeleted } = setup({
      status: 401,
      body: { error: 'invalid_credentials', message: 'Wrong password.' },
    });
    await toStepTwo(user, dialog);
    await user.type(within(dialog).getByLabelText('Type "DELETE" to confirm'), 'DELETE');
    await user.type(within(dialog).getByLabelText('Password'), 'nope-nope');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
    expect(await screen.findByText('Deletion Failed')).toBeTruthy();
    expect(screen.getByText('Wrong password.')).toBeTruthy();
    expect(within(dialog).getByLabelText('Type "DELETE" to confirm')).toBeTruthy();
    expect(onDeleted).not.toHaveBeenCalled();
  });
});
