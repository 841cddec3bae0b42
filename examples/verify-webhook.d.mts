import type http from 'node:http';

export function verifyWebhook(rawBody: Buffer | string, signature: unknown, secret: string): boolean;
export function webhookReceiver(
  secret: string,
  onEvent: (topic: string, payload: unknown, eventId: string) => void,
): http.Server;
