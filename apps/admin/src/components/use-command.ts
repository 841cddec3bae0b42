import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { describeError } from '../lib/errors';
import type { PlaceableUserError } from '../lib/forms/place-user-errors';
import { useSavedToast } from './undo-toast';

/** What every mutation's payload has (SPEC §7.2); `auditEventId` when the change can be undone. */
export interface CommandPayload {
  readonly userErrors: readonly PlaceableUserError[];
  readonly auditEventId?: string | null;
}

/** The words of a toast. */
export interface CommandWords {
  title: string;
  message: string;
}

export interface CommandOptions<A, P extends CommandPayload> {
  /** Runs the mutation with `args`; resolves to its payload (nothing when the response had none). */
  mutate: (args: A) => Promise<P | null | undefined>;
  /** The success toast, or nothing for a command whose screen says it in its own way. */
  success?: (payload: P, args: A) => CommandWords | null;
  /** The success toast offers Undo for a while: reverting the payload's audit event (undo-toast.tsx). */
  undo?: boolean;
  /** The title of the red toast when `run` is refused or fails ("Not done" unless said), or its maker. */
  failedTitle?: string | ((args: A) => string);
  /**
   * Where `run` tells a refusal or failure instead of the red toast (e.g. inside the dialog it came
   * from): each userError's message, or the one failure's. `userErrors` are the refusal's own (none
   * for a failure), for a screen that puts them next to what they are about (a draft's lines, the
   * orders of a bulk command); `args` are the run's.
   */
  onFailed?: (messages: string[], userErrors: readonly PlaceableUserError[], args: A) => void;
  /** After a success, once the toast is shown (close a dialog, tell the list). */
  onDone?: (payload: P, args: A) => void;
}

export interface Command<A, P> {
  /**
   * For a button with no form: runs, and tells a refusal (the server's words: they name the rule) or
   * a failure (lib/errors.ts) in a red toast. Resolves to the payload when done, else null.
   */
  run: (args: A) => Promise<P | null>;
  /**
   * For a form (useZodForm's onSubmit): resolves to the userErrors, which the form puts under its
   * inputs or above it (setError); a failure is thrown, and the form shows it above its inputs.
   */
  submit: (args: A) => Promise<readonly PlaceableUserError[]>;
  /** True while the mutation runs. */
  running: boolean;
}

/**
 * A mutation as the screens run it (react-admin's useEditController's save is the model): the
 * payload's userErrors go to the form's fields or a toast, success says so (with Undo where the
 * change can be reverted), and network, session or permission failures are told the way
 * lib/errors.ts words them.
 */
export function useCommand<A, P extends CommandPayload>(options: CommandOptions<A, P>): Command<A, P> {
  const { mutate, success, undo = false, failedTitle = 'Not done', onFailed, onDone } = options;
  const savedToast = useSavedToast();
  const [running, setRunning] = useState(false);

  const succeed = (payload: P, args: A) => {
    const words = success?.(payload, args);
    if (words && undo) savedToast({ ...words, auditEventId: payload.auditEventId });
    else if (words) notifications.show({ color: 'green', ...words });
    onDone?.(payload, args);
  };
  const failed = (messages: string[], userErrors: readonly PlaceableUserError[], args: A) => {
    if (onFailed) onFailed(messages, userErrors, args);
    else
      notifications.show({
        color: 'red',
        title: typeof failedTitle === 'function' ? failedTitle(args) : failedTitle,
        message: messages.join(' '),
      });
  };

  /** Resolves to the payload, or null when the response had none; throws what the mutation threw. */
  const attempt = async (args: A): Promise<P | null> => {
    setRunning(true);
    try {
      return (await mutate(args)) ?? null;
    } finally {
      setRunning(false);
    }
  };

  const submit = async (args: A): Promise<readonly PlaceableUserError[]> => {
    const payload = await attempt(args);
    if (!payload) return [];
    if (payload.userErrors.length) return payload.userErrors;
    succeed(payload, args);
    return [];
  };

  const run = async (args: A): Promise<P | null> => {
    let payload: P | null;
    try {
      payload = await attempt(args);
    } catch (error) {
      failed([describeError(error).message], [], args);
      return null;
    }
    if (!payload) return null;
    if (payload.userErrors.length) {
      failed(
        payload.userErrors.map((e) => e.message),
        payload.userErrors,
        args,
      );
      return null;
    }
    succeed(payload, args);
    return payload;
  };

  return { run, submit, running };
}
