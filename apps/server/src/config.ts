import path from 'node:path';
import { z } from 'zod';
import { isOutboundAllowEntry } from './lib/outbound-fetch.js';

const bool = (name: string, fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      if (['1', 'true', 'yes', 'on'].includes(v.toLowerCase())) return true;
      if (['0', 'false', 'no', 'off'].includes(v.toLowerCase())) return false;
      ctx.addIssue({ code: 'custom', message: `${name} must be 1 or 0 (or true/false), not "${v}".` });
      return z.NEVER;
    });

const url = (name: string, protocols: string[]) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return undefined;
      try {
        const u = new URL(v);
        if (!protocols.includes(u.protocol)) throw new Error('protocol');
        return v;
      } catch {
        ctx.addIssue({
          code: 'custom',
          message: `${name} must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}, not "${redact(v)}".`,
        });
        return z.NEVER;
      }
    });

const wholeNumber = (name: string, fallback: number, min: number, max: number) =>
  z
    .string()
    .default(String(fallback))
    .refine((v) => /^\d+$/.test(v) && Number(v) >= min && Number(v) <= max, {
      message: `${name} must be a whole number from ${min} to ${max}.`,
    })
    .transform(Number);
/** A number of seconds from `min` up to a day. */
const seconds = (name: string, fallback: number, min: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      const n = Number(v);
      if (!Number.isFinite(n) || n < min || n > 86_400) {
        ctx.addIssue({
          code: 'custom',
          message: `${name} must be a number of seconds from ${min} to 86400, not "${v}".`,
        });
        return z.NEVER;
      }
      return n;
    });

/** Host names and CIDR ranges, comma-separated (outbound allow lists, lib/outbound-address.ts). */
const allowList = (name: string, example: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const entries = (v ?? '')
        .split(',')
        .map((o) => o.trim().toLowerCase())
        .filter(Boolean);
      for (const entry of entries)
        if (!isOutboundAllowEntry(entry))
          ctx.addIssue({
            code: 'custom',
            message: `${name} must list host names or address ranges like ${example} or 10.0.0.0/8 (comma-separated), not "${entry}".`,
          });
      return entries;
    });

/** The address of a From setting ("Name <a@b.c>" or "a@b.c"), or null when it is not one. */
export function mailFromAddress(v: string): string | null {
  const m = /^\s*(?:[^<>]*<([^<>\s]+)>|([^<>\s]+))\s*$/.exec(v);
  const address = m?.[1] ?? m?.[2];
  return address && z.email().safeParse(address).success ? address : null;
}

/** A URL with its password hidden, for messages and logs. */
export function redact(v: string): string {
  return v.replace(/\/\/([^:@/]+):([^@/]+)@/, '//$1:***@');
}

const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], {
      message: 'NODE_ENV must be development, production or test.',
    })
    .default('production'),
  PORT: z
    .string()
    .default('4000')
    .refine((v) => /^\d+$/.test(v) && Number(v) >= 0 && Number(v) <= 65535, {
      message: 'PORT must be a whole number from 0 to 65535.',
    })
    .transform(Number),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: url('DATABASE_URL', ['postgres:', 'postgresql:']),
  REDIS_URL: url('REDIS_URL', ['redis:', 'rediss:']),
  SMTP_URL: url('SMTP_URL', ['smtp:', 'smtps:']),
  STOCKROOM_MAIL_FROM: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === '' || mailFromAddress(v) !== null, {
      message:
        'STOCKROOM_MAIL_FROM must be an email address, or a name and one in angle brackets: Linen & Co <shop@example.com>.',
    }),
  STOCKROOM_PUBLIC_URL: url('STOCKROOM_PUBLIC_URL', ['https:', 'http:']),
  STOCKROOM_DATA_DIR: z.string().default('./data'),
  STOCKROOM_OWNER_EMAIL: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === '' || z.email().safeParse(v).success, {
      message: 'STOCKROOM_OWNER_EMAIL must be an email address.',
    }),
  STOCKROOM_OWNER_PASSWORD: z.string().optional(),
  STOCKROOM_DEMO: bool('STOCKROOM_DEMO', true),
  STOCKROOM_TRUST_PROXY: bool('STOCKROOM_TRUST_PROXY', false),
  STOCKROOM_RATE_LIMIT: bool('STOCKROOM_RATE_LIMIT', true),
  STOCKROOM_EVENT_RETENTION_DAYS: wholeNumber('STOCKROOM_EVENT_RETENTION_DAYS', 30, 1, 3650),
  STOCKROOM_JOB_RESULT_RETENTION_DAYS: wholeNumber('STOCKROOM_JOB_RESULT_RETENTION_DAYS', 7, 1, 3650),
  STOCKROOM_LIVE_MAX_STREAMS: wholeNumber('STOCKROOM_LIVE_MAX_STREAMS', 2000, 1, 100_000),
  STOCKROOM_OUTBOX: bool('STOCKROOM_OUTBOX', true),
  STOCKROOM_CORS_ORIGINS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const origins = (v ?? '')
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean);
      for (const origin of origins) {
        let ok: boolean;
        try {
          const u = new URL(origin);
          ok = (u.protocol === 'https:' || u.protocol === 'http:') && u.origin === origin;
        } catch {
          ok = false;
        }
        if (!ok) {
          ctx.addIssue({
            code: 'custom',
            message: `STOCKROOM_CORS_ORIGINS must list origins like https://shop.example.com (scheme, host and port only, comma-separated), not "${origin}".`,
          });
        }
      }
      return origins;
    }),
  STOCKROOM_OUTBOUND_ALLOW: allowList('STOCKROOM_OUTBOUND_ALLOW', 'images.internal'),
  STOCKROOM_WEBHOOK_ALLOW_HOSTS: allowList('STOCKROOM_WEBHOOK_ALLOW_HOSTS', 'erp.internal'),
  STOCKROOM_WEBHOOK_ALLOW_HTTP: z
    .string()
    .optional()
    .refine(
      (v) =>
        v === undefined ||
        v === '' ||
        ['1', 'true', 'yes', 'on', '0', 'false', 'no', 'off'].includes(v.toLowerCase()),
      {
        message: 'STOCKROOM_WEBHOOK_ALLOW_HTTP must be 1 or 0 (or true/false).',
      },
    ),
  STOCKROOM_WEBHOOK_LEASE_SECONDS: seconds('STOCKROOM_WEBHOOK_LEASE_SECONDS', 60, 10),
  STOCKROOM_JOB_STEP_TIMEOUT_SECONDS: seconds('STOCKROOM_JOB_STEP_TIMEOUT_SECONDS', 300, 1),
  STOCKROOM_JOB_POLL_SECONDS: seconds('STOCKROOM_JOB_POLL_SECONDS', 2, 0.5),
  STOCKROOM_JOB_MAINTENANCE_SECONDS: seconds('STOCKROOM_JOB_MAINTENANCE_SECONDS', 30, 1),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent.',
    })
    .default('info'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  dataDir: string;
  ownerEmail: string | undefined;
  ownerPassword: string | undefined;
  demo: boolean;
  trustProxy: boolean;
  /** Per-staff query-cost bucket (SPEC §9); off only for load tests. */
  rateLimit: boolean;
  /**
   * Other origins allowed to call /graphql from a browser with credentials. Empty by default: the
   * admin is served from the same origin and needs no CORS at all.
   */
  corsOrigins: string[];
  /** Domain events older than this many days are deleted by the hourly maintenance job (SPEC §10: 30). */
  eventRetentionDays: number;
  /** A finished job's result file is deleted this many days after it finished (hourly maintenance job). */
  jobResultRetentionDays: number;
  /** Open live streams (SSE subscriptions) one instance takes. */
  liveMaxStreams: number;
  /**
   * Benchmarking only (STOCKROOM_OUTBOX=off): commands write no domain events, so live updates,
   * webhooks and jobs' events do not work. The bench compares orderCreate with and without it.
   */
  outbox: boolean;
  /** How often the event relay looks for events other instances committed (ms). */
  relayPollMs: number;
  /** How stale the table counts behind list costs may be (ms); 0 counts for every request. */
  listBoundsMaxAgeMs: number;
  /** On stop, how long requests already running may take to finish before their connections are cut (ms). */
  shutdownTimeoutMs: number;
  logLevel: string;
  /** Email (issue #30): SMTP_URL, the From address, and how a failed send is retried. */
  mail: MailSettings;
  /** Where staff reach the admin (STOCKROOM_PUBLIC_URL), for emailed links; unset: the request's origin. */
  publicUrl: string | undefined;
  /** Where the built admin lives; tests point it elsewhere. */
  adminDir: string;
  /** The job engine (app/jobs.ts). */
  jobs: JobSettings;
  /**
   * Hosts and address ranges (CIDR) an import may fetch images from although they are private,
   * loopback or link-local (lib/outbound-fetch.ts); empty: only public addresses.
   */
  outboundAllow: string[];
  /** Webhooks (modules/webhooks): hosts and ranges deliveries may reach although not public. */
  webhookAllowHosts: string[];
  /** Whether a webhook may use plain http (default: on unless NODE_ENV=production). */
  webhookAllowHttp: boolean;
  /**
   * How long a sender holds the deliveries it took: one its instance died holding goes to another
   * instance after this (default 60 s; a test of a killed instance shortens it).
   */
  webhookLeaseSeconds: number;
}

export interface MailSettings {
  /** smtp:// or smtps:// with credentials; undefined: messages are kept, marked NOT_SENT. */
  smtpUrl: string | undefined;
  /** STOCKROOM_MAIL_FROM; undefined: the store's name at no-reply@ the public host. */
  from: string | undefined;
  /** Tries after the first before a message is FAILED. */
  retryLimit: number;
  /** The first retry's delay; pg-boss doubles it for each next one. */
  retryDelaySeconds: number;
  /** Connection, greeting and socket time-outs of one try (ms). */
  timeoutMs: number;
}

export interface JobSettings {
  /** Whether this instance runs job steps (off: it only enqueues them; tests drive steps by hand). */
  workers: boolean;
  /** A step not finished by then (its process died) is tried again, on any instance. */
  stepTimeoutSeconds: number;
  /** How often an idle worker looks for a step. */
  pollingIntervalSeconds: number;
  /** How often expired steps are found and put back. */
  maintenanceIntervalSeconds: number;
  retryLimit: number;
  retryDelaySeconds: number;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Stockroom cannot start; fix these settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map((i) => i.message));
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    dataDir: e.STOCKROOM_DATA_DIR === 'memory://' ? 'memory://' : path.resolve(e.STOCKROOM_DATA_DIR),
    ownerEmail: e.STOCKROOM_OWNER_EMAIL || undefined,
    ownerPassword: e.STOCKROOM_OWNER_PASSWORD || undefined,
    demo: e.STOCKROOM_DEMO,
    trustProxy: e.STOCKROOM_TRUST_PROXY,
    rateLimit: e.STOCKROOM_RATE_LIMIT,
    corsOrigins: e.STOCKROOM_CORS_ORIGINS,
    eventRetentionDays: e.STOCKROOM_EVENT_RETENTION_DAYS,
    jobResultRetentionDays: e.STOCKROOM_JOB_RESULT_RETENTION_DAYS,
    liveMaxStreams: e.STOCKROOM_LIVE_MAX_STREAMS,
    outbox: e.STOCKROOM_OUTBOX,
    outboundAllow: e.STOCKROOM_OUTBOUND_ALLOW,
    webhookAllowHosts: e.STOCKROOM_WEBHOOK_ALLOW_HOSTS,
    webhookAllowHttp:
      e.STOCKROOM_WEBHOOK_ALLOW_HTTP === undefined || e.STOCKROOM_WEBHOOK_ALLOW_HTTP === ''
        ? e.NODE_ENV !== 'production'
        : ['1', 'true', 'yes', 'on'].includes(e.STOCKROOM_WEBHOOK_ALLOW_HTTP.toLowerCase()),
    webhookLeaseSeconds: e.STOCKROOM_WEBHOOK_LEASE_SECONDS,
    relayPollMs: 300,
    listBoundsMaxAgeMs: 10_000,
    shutdownTimeoutMs: 10_000,
    logLevel: e.LOG_LEVEL,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.STOCKROOM_MAIL_FROM || undefined,
      retryLimit: 4,
      retryDelaySeconds: 30,
      timeoutMs: 20_000,
    },
    publicUrl: e.STOCKROOM_PUBLIC_URL?.replace(/\/+$/, ''),
    adminDir: path.resolve(import.meta.dirname, '../../admin/dist'),
    jobs: {
      workers: true,
      stepTimeoutSeconds: e.STOCKROOM_JOB_STEP_TIMEOUT_SECONDS,
      pollingIntervalSeconds: e.STOCKROOM_JOB_POLL_SECONDS,
      maintenanceIntervalSeconds: e.STOCKROOM_JOB_MAINTENANCE_SECONDS,
      retryLimit: 5,
      retryDelaySeconds: 2,
    },
    ...overrides,
  };
}
