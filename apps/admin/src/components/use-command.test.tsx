// @vitest-environment jsdom
import { MockedProvider } from '@apollo/client/testing/react';
import { notifications } from '@mantine/notifications';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TRANSPORT_MESSAGES } from '../lib/errors';
import type { PlaceableUserError } from '../lib/forms/place-user-errors';
import { UNDO_SECONDS } from './undo-toast';
import { useCommand, type CommandOptions } from './use-command';

interface Payload {
  userErrors: PlaceableUserError[];
  auditEventId?: string | null;
  name: string;
}

const refused: PlaceableUserError = { field: ['input', 'name'], message: 'Name is taken.', code: 'TAKEN' };
const other: PlaceableUserError = { field: null, message: 'Try again later.', code: 'INVALID' };

function wrapper({ children }: { children: ReactNode }) {
  return <MockedProvider mocks={[]}>{children}</MockedProvider>;
}

function setUp(
  options: Partial<CommandOptions<string, Payload>> & Pick<CommandOptions<string, Payload>, 'mutate'>,
) {
  return renderHook(
    () =>
      useCommand<string, Payload>({
        success: (payload, name) => ({ title: 'Saved', message: `${payload.name} (${name}) is saved.` }),
        ...options,
      }),
    { wrapper },
  ).result;
}

let shown: ReturnType<typeof vi.fn<(n: unknown) => void>>;
beforeEach(() => {
  shown = vi.fn<(n: unknown) => void>();
  vi.spyOn(notifications, 'show').mockImplementation((n) => {
    shown(n);
    return 'toast';
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('useCommand', () => {
  it('run: says a success in a green toast and calls onDone with the payload and arguments', async () => {
    const onDone = vi.fn();
    const command = setUp({ mutate: (name) => Promise.resolve({ userErrors: [], name }), onDone });
    let payload: Payload | null = null;
    await act(async () => {
      payload = await command.current.run('Oak');
    });
    expect(payload).toEqual({ userErrors: [], name: 'Oak' });
    expect(shown).toHaveBeenCalledWith(
      expect.objectContaining({ color: 'green', title: 'Saved', message: 'Oak (Oak) is saved.' }),
    );
    expect(onDone).toHaveBeenCalledWith({ userErrors: [], name: 'Oak' }, 'Oak');
  });

  it('run: a refusal is told in the server words, in a red toast with the screen title', async () => {
    const onDone = vi.fn();
    const command = setUp({
      mutate: () => Promise.resolve({ userErrors: [refused, other], name: 'x' }),
      failedTitle: 'Nothing was archived',
      onDone,
    });
    await act(async () => {
      expect(await command.current.run('Oak')).toBeNull();
    });
    expect(shown).toHaveBeenCalledWith({
      color: 'red',
      title: 'Nothing was archived',
      message: 'Name is taken. Try again later.',
    });
    expect(onDone).not.toHaveBeenCalled();
  });

  it('run: the red toast title can name what the run was about', async () => {
    const command = setUp({
      mutate: () => Promise.resolve({ userErrors: [refused], name: 'x' }),
      failedTitle: (name) => `${name} was not moved`,
    });
    await act(async () => {
      await command.current.run('Oak');
    });
    expect(shown).toHaveBeenCalledWith({
      color: 'red',
      title: 'Oak was not moved',
      message: 'Name is taken.',
    });
  });

  it('run: a failure to reach the server is said as lib/errors words it; onFailed takes it instead of a toast', async () => {
    const command = setUp({ mutate: () => Promise.reject(new TypeError('Failed to fetch')) });
    await act(async () => {
      await command.current.run('Oak');
    });
    expect(shown).toHaveBeenCalledWith({
      color: 'red',
      title: 'Not done',
      message: TRANSPORT_MESSAGES.network,
    });

    shown.mockClear();
    const onFailed = vi.fn();
    const inDialog = setUp({
      mutate: () => Promise.resolve({ userErrors: [refused, other], name: 'x' }),
      onFailed,
    });
    await act(async () => {
      await inDialog.current.run('Oak');
    });
    expect(onFailed).toHaveBeenCalledWith(['Name is taken.', 'Try again later.'], [refused, other], 'Oak');
    expect(shown).not.toHaveBeenCalled();
  });

  it("run: onFailed gets the refusal's userErrors (to place them) and the arguments; a failure has none", async () => {
    const onFailed = vi.fn();
    const answers: (Payload | Error)[] = [
      { userErrors: [refused], name: 'x' },
      new TypeError('Failed to fetch'),
    ];
    const command = setUp({
      mutate: () => {
        const next = answers.shift()!;
        return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
      },
      onFailed,
    });
    await act(async () => {
      expect(await command.current.run('Oak')).toBeNull();
      expect(await command.current.run('Elm')).toBeNull();
    });
    expect(onFailed.mock.calls).toEqual([
      [['Name is taken.'], [refused], 'Oak'],
      [[TRANSPORT_MESSAGES.network], [], 'Elm'],
    ]);
    expect(shown).not.toHaveBeenCalled();
  });

  it('submit: hands the userErrors to the form and throws a failure to it; success is said once', async () => {
    const onDone = vi.fn();
    const answers: (Payload | Error)[] = [
      { userErrors: [refused], name: 'x' },
      new TypeError('Failed to fetch'),
      { userErrors: [], name: 'Oak' },
    ];
    const command = setUp({
      mutate: () => {
        const next = answers.shift()!;
        return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
      },
      onDone,
    });
    await act(async () => {
      expect(await command.current.submit('Oak')).toEqual([refused]);
    });
    expect(shown).not.toHaveBeenCalled();
    await act(async () => {
      await expect(command.current.submit('Oak')).rejects.toThrow('Failed to fetch');
    });
    await act(async () => {
      expect(await command.current.submit('Oak')).toEqual([]);
    });
    expect(shown).toHaveBeenCalledTimes(1);
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('undo: the success toast offers Undo for a while when the change wrote an audit event', async () => {
    const command = setUp({
      mutate: (name) => Promise.resolve({ userErrors: [], name, auditEventId: 'evt_1' }),
      undo: true,
    });
    await act(async () => {
      await command.current.run('Oak');
    });
    expect(shown).toHaveBeenCalledWith(
      expect.objectContaining({
        id: 'saved-evt_1',
        color: 'green',
        title: 'Saved',
        autoClose: UNDO_SECONDS * 1000,
      }),
    );
  });

  it('tells whether the mutation is running', async () => {
    let answer: (p: Payload) => void = () => {};
    const command = setUp({ mutate: () => new Promise<Payload>((resolve) => (answer = resolve)) });
    let running: Promise<Payload | null> = Promise.resolve(null);
    act(() => {
      running = command.current.run('Oak');
    });
    expect(command.current.running).toBe(true);
    await act(async () => {
      answer({ userErrors: [], name: 'Oak' });
      await running;
    });
    expect(command.current.running).toBe(false);
  });
});
