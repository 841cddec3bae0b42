type Listener = () => void;

const listeners = new Set<Listener>();

/** Subscribes to "the server ended this session"; returns the unsubscribe function. */
export function onSessionEnded(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Announces that the server answered UNAUTHENTICATED. */
export function emitSessionEnded(): void {
  for (const listener of listeners) listener();
}

/** Router state that tells the sign-in screen why it is shown. */
export interface LoginLocationState {
  sessionEnded?: boolean;
}
