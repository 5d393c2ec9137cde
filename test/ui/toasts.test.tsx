import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  AdminContext,
  memoryStore,
  testDataProvider,
  useAddUndoableMutation,
  useNotify,
  type UndoableMutation,
} from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../../src/providers';
import { ToastNotification } from '../../src/notifications/ToastNotification';
import { TOAST_SETTINGS } from '../../src/notifications/toastSettings';
import { ShownStyles } from './styles';

/** A button that sends `count` react-admin notifications in one click. */
const NotifyMany = ({ count }: { count: number }) => {
  const notify = useNotify();
  const notifyAll = () => {
    for (let index = 1; index <= count; index += 1) notify(`Message ${index}`, { type: 'info' });
  };
  return <button onClick={notifyAll}>notify</button>;
};

const renderWithToasts = (count: number) =>
  render(
    <AdminContext i18nProvider={i18nProvider} dataProvider={testDataProvider()} store={memoryStore()}>
      <NotifyMany count={count} />
      <ToastNotification />
    </AdminContext>,
    { wrapper: ShownStyles },
  );

const visibleToasts = () => screen.queryAllByRole('alert');

afterEach(() => vi.useRealTimers());

describe('toasts (SPEC §9)', () => {
  it('shows at most 5 at once and queues the rest until one closes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithToasts(6);
    await user.click(await screen.findByRole('button', { name: 'notify' }));

    await screen.findByText('Message 5');
    expect(visibleToasts()).toHaveLength(TOAST_SETTINGS.maxVisible);
    expect(screen.queryByText('Message 6')).not.toBeInTheDocument();

    // After 4000 ms the first ones close by themselves (250 ms exit), and the sixth comes in.
    await act(() => vi.advanceTimersByTimeAsync(TOAST_SETTINGS.autoHideDurationMs + TOAST_SETTINGS.transitionMs + 100));
    expect(await screen.findByText('Message 6')).toBeInTheDocument();
    expect(visibleToasts().length).toBeLessThanOrEqual(TOAST_SETTINGS.maxVisible);
  });

  it('translates messages and closes one with its close button', async () => {
    const user = userEvent.setup();
    render(
      <AdminContext i18nProvider={i18nProvider} dataProvider={testDataProvider()} store={memoryStore()}>
        <TranslatedNotify />
        <ToastNotification />
      </AdminContext>,
      { wrapper: ShownStyles },
    );
    await user.click(await screen.findByRole('button', { name: 'notify' }));

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Your password was changed.');
    await user.click(within(toast).getByRole('button', { name: 'Close' }));
    await vi.waitFor(() => expect(visibleToasts()).toHaveLength(0));
  });
});

/** What react-admin's undoable mutations do: queue the mutation, then notify with `undoable`. */
const UndoableChange = ({ mutation }: { mutation: UndoableMutation }) => {
  const addUndoableMutation = useAddUndoableMutation();
  const notify = useNotify();
  const change = () => {
    addUndoableMutation(mutation);
    setTimeout(
      () => notify('ra.notification.updated', { type: 'info', messageArgs: { smart_count: 1 }, undoable: true }),
      0,
    );
  };
  return <button onClick={change}>change</button>;
};

const renderUndoable = (mutation: UndoableMutation) =>
  render(
    <AdminContext i18nProvider={i18nProvider} dataProvider={testDataProvider()} store={memoryStore()}>
      <UndoableChange mutation={mutation} />
      <ToastNotification />
    </AdminContext>,
    { wrapper: ShownStyles },
  );

describe('undoable notifications', () => {
  it('undoes the change when Undo is clicked', async () => {
    const mutation = vi.fn();
    const user = userEvent.setup();
    renderUndoable(mutation);
    await user.click(await screen.findByRole('button', { name: 'change' }));

    const toast = await screen.findByRole('alert');
    await user.click(within(toast).getByRole('button', { name: 'Undo' }));
    await vi.waitFor(() => expect(visibleToasts()).toHaveLength(0));
    expect(mutation).toHaveBeenCalledOnce();
    expect(mutation).toHaveBeenCalledWith({ isUndo: true });
  });

  it('sends the change when the toast closes by itself', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const mutation = vi.fn();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderUndoable(mutation);
    await user.click(await screen.findByRole('button', { name: 'change' }));
    await screen.findByRole('alert');
    expect(mutation).not.toHaveBeenCalled();

    await act(() => vi.advanceTimersByTimeAsync(TOAST_SETTINGS.autoHideDurationMs + TOAST_SETTINGS.transitionMs + 100));
    await vi.waitFor(() => expect(mutation).toHaveBeenCalledWith({ isUndo: false }));
    expect(mutation).toHaveBeenCalledOnce();
  });
});

const TranslatedNotify = () => {
  const notify = useNotify();
  return <button onClick={() => notify('app.password.changed', { type: 'success' })}>notify</button>;
};

describe('toast transition (SPEC §4, §9)', () => {
  it('fades in over 250 ms', async () => {
    renderWithToasts(1);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'notify' }));
    const toast = await screen.findByRole('alert');
    let transitioned: HTMLElement | null = toast;
    while (transitioned && !transitioned.style.transition) transitioned = transitioned.parentElement;
    expect(transitioned?.style.transition).toMatch(new RegExp(`^opacity ${TOAST_SETTINGS.transitionMs}ms`));
  });
});

/** What react-admin's create, edit and delete controllers send on success: `info`, with a generic fallback. */
const ReactAdminSaveNotice = ({ message }: { message: string }) => {
  const notify = useNotify();
  return (
    <button onClick={() => notify(message, { type: 'info', messageArgs: { smart_count: 1, _: 'Element updated' } })}>
      notify
    </button>
  );
};

describe('success colour (one for every success)', () => {
  it.each([
    ['resources.establishments.notifications.created', 'Establishment created'],
    ['resources.users.notifications.updated', 'User saved'],
    ['resources.promoters.notifications.deleted', 'Promoter group deleted'],
    ['ra.notification.updated', 'Element updated'],
  ])('shows react-admin’s %s as a success: “%s”', async (message, text) => {
    render(
      <AdminContext i18nProvider={i18nProvider} dataProvider={testDataProvider()} store={memoryStore()}>
        <ReactAdminSaveNotice message={message} />
        <ToastNotification />
      </AdminContext>,
      { wrapper: ShownStyles },
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: 'notify' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent(text);
    expect(toast).toHaveClass('MuiAlert-filledSuccess');
  });
});
