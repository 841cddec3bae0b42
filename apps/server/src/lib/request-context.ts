import { AsyncLocalStorage } from 'node:async_hooks';

/** What every log line and masked error needs to know about the request it belongs to. */
export interface RequestStore {
  requestId: string;
}

export const requestStore = new AsyncLocalStorage<RequestStore>();

export function currentRequestId(): string | undefined {
  return requestStore.getStore()?.requestId;
}
