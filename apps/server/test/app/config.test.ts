import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('configuration from the environment', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 4000,
      env: 'production',
      demo: true,
      databaseUrl: undefined,
      redisUrl: undefined,
      outbox: true,
    });
    expect(c.dataDir).toMatch(/\/data$/);
  });

  it('turns the outbox off only when told to (STOCKROOM_OUTBOX=off, benchmarking only)', () => {
    expect(loadConfig({ STOCKROOM_OUTBOX: 'off' }).outbox).toBe(false);
    expect(loadConfig({ STOCKROOM_OUTBOX: 'on' }).outbox).toBe(true);
    expect(() => loadConfig({ STOCKROOM_OUTBOX: 'sometimes' })).toThrow(ConfigError);
  });

  it('names every bad value in plain words at once', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://u:secret@h/db',
        STOCKROOM_DEMO: 'maybe',
        REDIS_URL: 'nope',
        LOG_LEVEL: 'loud',
        STOCKROOM_OWNER_EMAIL: 'not-an-email',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toEqual(
      expect.arrayContaining([
        'PORT must be a whole number from 0 to 65535.',
        'DATABASE_URL must be a URL starting with postgres:// or postgresql://, not "mysql://u:***@h/db".',
        'STOCKROOM_DEMO must be 1 or 0 (or true/false), not "maybe".',
        'REDIS_URL must be a URL starting with redis:// or rediss://, not "nope".',
        'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent.',
        'STOCKROOM_OWNER_EMAIL must be an email address.',
      ]),
    );
    expect((error as Error).message).not.toContain('secret');
  });
});
