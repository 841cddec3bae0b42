import pino from 'pino';
import { currentRequestId } from './request-context.js';

export type Logger = pino.Logger;

/** Every line carries the request id of the request it was written for (SPEC: pino with request id). */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { app: 'stockroom' },
    mixin() {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
    redact: [
      'password',
      'currentPassword',
      'newPassword',
      'req.headers.cookie',
      '*.password',
      'smtpUrl',
      '*.smtpUrl',
    ],
  });
}
