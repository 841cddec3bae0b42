import { Repeater } from 'graphql-yoga';
import type { Viewer } from '../../actor.js';
import type { Logger } from '../../lib/logger.js';
import type { DomainEvent } from './events.model.js';
import type { LiveBus } from './live-bus.js';
import type { EventConsumer } from './relay.js';

/**
 * Live limits (SPEC §10, issue #28 §3), each refused with a clear error:
 * - STREAMS_PER_STAFF open streams per staff member (an API token counts on its own);
 * - `maxStreams` per instance (config);
 * - a keep-alive comment on every open stream every 12 s (Yoga's SSE ping);
 * - opening a stream costs its query's cost plus SUBSCRIPTION_OPEN_COST from the caller's bucket.
 */
export const STREAMS_PER_STAFF = 10;
export const SUBSCRIPTION_OPEN_COST = 10;
/** How often every stream re-checks its session even without a session event (expiry, idle end). */
const RECHECK_MS = 60_000;
/** Presence: each viewer says "still here" this often, and is dropped after PRESENCE_TTL_MS without it. */
const PRESENCE_BEAT_MS = 10_000;
const PRESENCE_TTL_MS = 25_000;
/**
 * Streams re-checked at a time. Each looks its session or token up in the database; 500 at once
 * queued on the connection pool ahead of every command (the bench's fan-out saw orderCreate time
 * out waiting for a connection). Streams of one session then mostly meet the viewer cache.
 */
const RECHECK_CONCURRENCY = 4;
/** Event ids remembered to drop a repeat (the relay delivers at least once). */
const SEEN_IDS = 10_000;

/** What each delivered event's object was read as, shared by every stream of this instance. */
const readsOf = new WeakMap<DomainEvent, Map<string, Promise<unknown>>>();

/**
 * Reads an event's object once per event on this instance instead of once per stream: the hub
 * hands every stream the same event object, and the row is the same for every subscriber (what
 * each may see of it is still decided by the field checks, per subscriber). 500 orderCreated
 * streams then cost one order read per new order, not 500 that queue for the pool ahead of
 * commands (bench: SSE fan-out).
 */
export function readOnce<T>(event: DomainEvent, key: string, read: () => Promise<T>): Promise<T> {
  let reads = readsOf.get(event);
  if (!reads) readsOf.set(event, (reads = new Map<string, Promise<unknown>>()));
  let found = reads.get(key) as Promise<T> | undefined;
  if (!found) reads.set(key, (found = read()));
  return found;
}

export type LiveEnd = {
  kind: 'end';
  code: 'UNAUTHENTICATED' | 'LIVE_UNAVAILABLE' | 'SHUTTING_DOWN';
  message: string;
};
export type LiveItem = { kind: 'event'; event: DomainEvent } | LiveEnd;

export interface PresenceEntry {
  staffId: string;
  name: string;
  since: Date;
}
export type PresenceItem = { kind: 'presence'; viewers: PresenceEntry[] } | LiveEnd;

export interface StreamRequest {
  viewer: Viewer;
  /** Which committed events this stream delivers. */
  matches: (event: DomainEvent) => boolean;
  /** The request's session or token, looked up again: null once it has ended. */
  revalidate: () => Promise<Viewer | null>;
  /** Told the viewer as looked up again (a role change applies to the next event). */
  onViewer: (viewer: Viewer) => void;
}

export type Refusal = { refused: { code: string; message: string } };

export const MESSAGES = {
  perStaff: `You have ${STREAMS_PER_STAFF} live streams open, the most one staff member may have: close a tab or window with a live screen and try again.`,
  perInstance: (max: number) =>
    `This server has ${max} live streams open, the most it takes; live updates will resume when one closes (reload later).`,
  degraded:
    'Live updates are paused: the server cannot reach its event bus. Your changes still save; reconnect in a moment.',
  sessionEnded: 'Your session has ended, so this live stream stopped. Sign in again.',
  shuttingDown: 'The server is restarting; reconnect in a moment.',
  tooSlow: 'This live stream fell too far behind and was stopped; reconnect to catch up.',
};

interface Stream {
  viewer: Viewer;
  request: StreamRequest;
  deliver: (event: DomainEvent) => void;
  end: (end: LiveEnd) => void;
  checking: boolean;
  /** A session event came during a check, which may have read the session before it: check again. */
  again: boolean;
  /** Events that came while the session was re-checked, handed over once it is known who reads them. */
  held: DomainEvent[] | null;
  /** Re-checks the session when it expires (set when that is before the next minute's check). */
  expiry: NodeJS.Timeout | null;
}

/** The subject a session-affecting event is about, and whether it concerns this viewer. */
function concerns(event: DomainEvent, viewer: Viewer): boolean {
  switch (event.type) {
    case 'session.revoked':
      return event.subjectId === viewer.sessionId;
    case 'staff.deactivated':
    case 'staff.updated':
      return event.subjectId === viewer.staffId;
    case 'api_token.revoked':
      return event.subjectId === viewer.token?.id;
    case 'role.updated':
      return true;
    default:
      return false;
  }
}

const SESSION_EVENTS = new Set([
  'session.revoked',
  'staff.deactivated',
  'staff.updated',
  'api_token.revoked',
  'role.updated',
]);

interface PresenceMessage {
  kind: 'hello' | 'here' | 'leave';
  subjectId: string;
  key: string;
  staffId: string;
  name: string;
  since: string;
}

export interface LiveHub {
  /** The relay's consumer that publishes committed events to every instance. */
  consumer: EventConsumer;
  open(request: StreamRequest): Refusal | { stream: AsyncIterable<LiveItem> };
  presence(
    request: Omit<StreamRequest, 'matches'>,
    subjectId: string,
  ): Refusal | { stream: AsyncIterable<PresenceItem> };
  /** Open streams on this instance (tests, the bench). */
  count(): number;
  healthy(): boolean;
  close(): Promise<void>;
}

function reviveEvent(raw: DomainEvent): DomainEvent {
  return { ...raw, createdAt: new Date(raw.createdAt) };
}

export function createLiveHub(options: {
  bus: LiveBus;
  log: Logger;
  maxStreams: number;
  /** Called before streams re-check their sessions (forget the remembered viewers). */
  beforeRecheck: () => void;
  instanceId: string;
}): LiveHub {
  const { bus, log } = options;
  const streams = new Set<Stream>();
  const perStaff = new Map<string, number>();
  const seen = new Set<string>();
  let closing = false;
  const ownerKey = (v: Viewer) => (v.token ? `token:${v.token.id}` : `staff:${v.staffId}`);

  function remember(id: string): boolean {
    if (seen.has(id)) return false;
    seen.add(id);
    if (seen.size > SEEN_IDS) seen.delete(seen.values().next().value!);
    return true;
  }

  /** Hands an event to a stream, or holds it while the stream's session is re-checked. */
  function offer(stream: Stream, event: DomainEvent) {
    if (stream.held) stream.held.push(event);
    else if (stream.request.matches(event)) stream.deliver(event);
  }

  /** Ends the stream when its session (or token) expires, rather than at the next minute's check. */
  function watchExpiry(stream: Stream) {
    if (stream.expiry) clearTimeout(stream.expiry);
    stream.expiry = null;
    const at = stream.viewer.expiresAt?.getTime();
    if (at === undefined || at - Date.now() > RECHECK_MS) return;
    // A little after: the database's clock decides, and a session it still finds live is asked again.
    stream.expiry = setTimeout(() => void recheck(stream), Math.max(at - Date.now() + 100, 250));
    stream.expiry.unref();
  }

  /**
   * Looks the stream's session up again. Events that arrive meanwhile are held and handed over
   * after, so none is read with permissions the change just took away (a role change committed
   * just before an order is never read with the old role).
   */
  async function recheck(stream: Stream) {
    if (stream.checking) {
      stream.again = true;
      return;
    }
    stream.checking = true;
    stream.held ??= [];
    try {
      do {
        stream.again = false;
        const viewer = await stream.request.revalidate();
        if (!viewer) {
          stream.end({ kind: 'end', code: 'UNAUTHENTICATED', message: MESSAGES.sessionEnded });
          return;
        }
        stream.viewer = viewer;
        stream.request.onViewer(viewer);
      } while (stream.again);
      watchExpiry(stream);
    } catch (err) {
      log.warn({ err }, 'live stream: could not re-check its session; it stays open until the next check');
    } finally {
      stream.checking = false;
      const held = stream.held ?? [];
      stream.held = null;
      for (const event of held) offer(stream, event);
    }
  }

  async function recheckAll(list: Stream[]) {
    let next = 0;
    const worker = async () => {
      while (next < list.length) await recheck(list[next++]!);
    };
    await Promise.all(Array.from({ length: Math.min(RECHECK_CONCURRENCY, list.length) }, worker));
  }

  const offEvents = bus.on('events', (message) => {
    const events = (message as DomainEvent[]).map(reviveEvent).filter((e) => remember(e.id));
    for (const event of events) {
      if (SESSION_EVENTS.has(event.type)) {
        const affected = [...streams].filter((s) => concerns(event, s.viewer));
        if (affected.length) {
          options.beforeRecheck();
          // Held from now, not from each stream's turn in the queue: no event after the change is
          // read with what it took away while the stream waits to be re-checked.
          for (const stream of affected) stream.held ??= [];
          void recheckAll(affected);
        }
        continue;
      }
      for (const stream of streams) offer(stream, event);
    }
  });

  const recheckTimer = setInterval(() => {
    if (!streams.size) return;
    options.beforeRecheck();
    void recheckAll([...streams]);
  }, RECHECK_MS);
  recheckTimer.unref();

  const offHealth = bus.onHealth((healthy) => {
    if (healthy) return;
    for (const stream of [...streams])
      stream.end({ kind: 'end', code: 'LIVE_UNAVAILABLE', message: MESSAGES.degraded });
  });

  function refusal(viewer: Viewer): Refusal | null {
    if (closing) return { refused: { code: 'LIVE_UNAVAILABLE', message: MESSAGES.shuttingDown } };
    if (!bus.healthy()) return { refused: { code: 'LIVE_UNAVAILABLE', message: MESSAGES.degraded } };
    if ((perStaff.get(ownerKey(viewer)) ?? 0) >= STREAMS_PER_STAFF)
      return { refused: { code: 'TOO_MANY_STREAMS', message: MESSAGES.perStaff } };
    if (streams.size >= options.maxStreams)
      return { refused: { code: 'TOO_MANY_STREAMS', message: MESSAGES.perInstance(options.maxStreams) } };
    return null;
  }

  /** Registers a stream for the life of a repeater; `attach` wires what it delivers. */
  function register<T>(
    request: StreamRequest,
    attach: (push: (item: T | LiveEnd) => void, stream: Stream) => () => void,
  ): AsyncIterable<T | LiveEnd> {
    return new Repeater<T | LiveEnd>(async (push, stop) => {
      const key = ownerKey(request.viewer);
      let ended = false;
      const stream: Stream = {
        viewer: request.viewer,
        request,
        checking: false,
        again: false,
        held: null,
        expiry: null,
        deliver: () => {},
        end: (end) => {
          if (ended) return;
          ended = true;
          void push(end);
          stop();
        },
      };
      streams.add(stream);
      perStaff.set(key, (perStaff.get(key) ?? 0) + 1);
      // A consumer too slow to keep up (over Repeater's 1,024 waiting items) is ended, not buffered for ever.
      const safePush = (item: T | LiveEnd) => {
        try {
          push(item).catch(() => undefined);
        } catch {
          stream.end({ kind: 'end', code: 'LIVE_UNAVAILABLE', message: MESSAGES.tooSlow });
        }
      };
      stream.end = (end) => {
        if (ended) return;
        ended = true;
        try {
          push(end).catch(() => undefined);
        } catch {
          // Too many waiting: the stream just stops.
        }
        stop();
      };
      const detach = attach(safePush, stream);
      watchExpiry(stream);
      await stop;
      if (stream.expiry) clearTimeout(stream.expiry);
      detach();
      streams.delete(stream);
      const left = (perStaff.get(key) ?? 1) - 1;
      if (left > 0) perStaff.set(key, left);
      else perStaff.delete(key);
    });
  }

  // ---- presence ----
  /** subjectId → (stream key → entry with its expiry). */
  const present = new Map<string, Map<string, PresenceEntry & { expires: number }>>();
  /** subjectId → the local presence streams watching it. */
  const watchers = new Map<
    string,
    Set<{
      key: string;
      staffId: string;
      notify: () => void;
      announce: (kind: PresenceMessage['kind']) => void;
    }>
  >();

  function notify(subjectId: string) {
    for (const w of watchers.get(subjectId) ?? []) w.notify();
  }

  const offPresence = bus.on('presence', (raw) => {
    const m = raw as PresenceMessage;
    let entries = present.get(m.subjectId);
    if (m.kind === 'leave') {
      if (entries?.delete(m.key)) notify(m.subjectId);
      return;
    }
    if (!entries)
      present.set(m.subjectId, (entries = new Map<string, PresenceEntry & { expires: number }>()));
    const known = entries.has(m.key);
    entries.set(m.key, {
      staffId: m.staffId,
      name: m.name,
      since: new Date(m.since),
      expires: Date.now() + PRESENCE_TTL_MS,
    });
    if (!known) notify(m.subjectId);
    // A newcomer learns who is already here: each local watcher of the subject answers once.
    if (m.kind === 'hello')
      for (const w of watchers.get(m.subjectId) ?? []) if (w.key !== m.key) w.announce('here');
  });

  const presenceTimer = setInterval(() => {
    for (const set of watchers.values()) for (const w of set) w.announce('here');
    const now = Date.now();
    for (const [subjectId, entries] of present) {
      let changed = false;
      for (const [key, entry] of entries) if (entry.expires < now) changed = entries.delete(key) || changed;
      if (!entries.size) present.delete(subjectId);
      if (changed) notify(subjectId);
    }
  }, PRESENCE_BEAT_MS);
  presenceTimer.unref();

  const publishPresence = (message: PresenceMessage) =>
    bus
      .publish('presence', message)
      .catch((err: unknown) => log.debug({ err }, 'presence: could not publish'));

  return {
    consumer: {
      name: 'live',
      // One message per batch, in commit order; every instance's hub drops ids it has seen.
      handle: (events) => bus.publish('events', events),
    },
    open(request) {
      const refused = refusal(request.viewer);
      if (refused) return refused;
      return {
        stream: register<LiveItem>(request, (push, stream) => {
          stream.deliver = (event) => push({ kind: 'event', event });
          return () => {};
        }),
      };
    },
    presence(request, subjectId) {
      const refused = refusal(request.viewer);
      if (refused) return refused;
      const full: StreamRequest = { ...request, matches: () => false };
      let counter = 0;
      return {
        stream: register<PresenceItem>(full, (push, stream) => {
          const key = `${options.instanceId}:${Date.now()}:${++counter}:${Math.random().toString(36).slice(2)}`;
          const since = new Date();
          const list = (): PresenceEntry[] => {
            const byStaff = new Map<string, PresenceEntry>();
            for (const e of present.get(subjectId)?.values() ?? []) {
              if (e.staffId === stream.viewer.staffId) continue;
              const had = byStaff.get(e.staffId);
              if (!had || had.since > e.since)
                byStaff.set(e.staffId, { staffId: e.staffId, name: e.name, since: e.since });
            }
            return [...byStaff.values()].sort((a, b) => a.since.getTime() - b.since.getTime());
          };
          let last = '';
          const watcher = {
            key,
            staffId: stream.viewer.staffId,
            notify: () => {
              const viewers = list();
              const text = JSON.stringify(viewers);
              if (text === last) return;
              last = text;
              push({ kind: 'presence', viewers });
            },
            announce: (kind: PresenceMessage['kind']) =>
              void publishPresence({
                kind,
                subjectId,
                key,
                staffId: stream.viewer.staffId,
                name: stream.viewer.name || stream.viewer.email,
                since: since.toISOString(),
              }),
          };
          let set = watchers.get(subjectId);
          if (!set) watchers.set(subjectId, (set = new Set()));
          set.add(watcher);
          push({ kind: 'presence', viewers: list() });
          last = JSON.stringify(list());
          watcher.announce('hello');
          return () => {
            set.delete(watcher);
            if (!set.size) watchers.delete(subjectId);
            watcher.announce('leave');
          };
        }),
      };
    },
    count: () => streams.size,
    healthy: () => bus.healthy(),
    async close() {
      closing = true;
      for (const stream of [...streams])
        stream.end({ kind: 'end', code: 'SHUTTING_DOWN', message: MESSAGES.shuttingDown });
      clearInterval(recheckTimer);
      clearInterval(presenceTimer);
      offEvents();
      offPresence();
      offHealth();
      await bus.close();
    },
  };
}

declare module '../../graphql/services.js' {
  interface Services {
    /** Live updates: streams of this instance, fed by the outbox relay through the bus. */
    live: LiveHub;
  }
}
