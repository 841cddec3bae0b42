import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * One process at a time on an embedded store's folder. PGlite, unlike a PostgreSQL server, does not
 * refuse a second process on the same files, and two processes writing one data folder destroy it
 * ("WAL file is from different database system"). So every command that opens the embedded store
 * first takes `<dataDir>/stockroom.lock`: created with O_EXCL, it names the process holding it.
 *
 * A lock left by a process that died (kill -9, power loss) is recognised — its process no longer
 * runs, or the machine rebooted since — and taken over; the takeover itself is guarded by a second
 * exclusive file, so two processes finding the same stale lock cannot both take it.
 */
export const LOCK_FILE = 'stockroom.lock';
/** A child the holder starts on the same store (the demo-store loader) carries the holder's token. */
export const INHERITED_LOCK_ENV = 'STOCKROOM_DATA_LOCK_TOKEN';

interface LockRecord {
  pid: number;
  hostname: string;
  /** Linux: the kernel's boot id; a lock written before the last boot is stale whatever its pid. */
  bootId: string | null;
  /** Linux: the holder's start time in clock ticks since boot (/proc/<pid>/stat), against pid reuse. */
  processStart: string | null;
  token: string;
  startedAt: string;
  command: string;
}

export interface DataDirLock {
  readonly file: string;
  readonly token: string;
  /** Removes the lock file (when it is still ours). Safe to call more than once. */
  release(): void;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockRecord,
  ) {
    const where = holder.hostname === os.hostname() ? '' : ` on ${holder.hostname}`;
    super(
      `The store in ${path.resolve(dataDir)} is already open in another process (pid ${holder.pid}${where}, ` +
        `"${holder.command}", since ${holder.startedAt}). Stop that process first, or start this one ` +
        `with another STOCKROOM_DATA_DIR. Two processes on one embedded store would destroy it.`,
    );
    this.name = 'DataDirLockedError';
  }
}

function readText(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

const bootId = (): string | null => readText('/proc/sys/kernel/random/boot_id')?.trim() ?? null;

/** Field 22 of /proc/<pid>/stat (after the command name, which may hold spaces and parentheses). */
function processStart(pid: number): string | null {
  const stat = readText(`/proc/${pid}/stat`);
  if (!stat) return null;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19] ?? null;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the process that wrote `record` can no longer be holding the store. */
function isStale(record: LockRecord): boolean {
  // Another machine's process (a shared folder) cannot be checked from here: assume it runs.
  if (record.hostname !== os.hostname()) return false;
  const boot = bootId();
  if (record.bootId && boot && record.bootId !== boot) return true;
  if (!isRunning(record.pid)) return true;
  // The pid runs, but is it the same process? After a kill -9 the pid may belong to another one.
  const started = processStart(record.pid);
  return record.processStart !== null && started !== null && started !== record.processStart;
}

function parse(text: string | null): LockRecord | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<LockRecord>;
    return typeof value.pid === 'number' && typeof value.token === 'string' ? (value as LockRecord) : null;
  } catch {
    return null;
  }
}

function tryCreate(file: string, record: LockRecord): boolean {
  try {
    const fd = fs.openSync(file, 'wx', 0o600);
    try {
      fs.writeSync(fd, JSON.stringify(record));
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** Removes a stale lock, unless another process is doing the same or it changed meanwhile. */
function takeOver(file: string, stale: string): void {
  const guard = `${file}.takeover`;
  // A guard left by a process killed during its (milliseconds-long) takeover is itself stale.
  const guardStat = fs.statSync(guard, { throwIfNoEntry: false });
  if (guardStat && Date.now() - guardStat.mtimeMs > 10_000) fs.rmSync(guard, { force: true });
  let fd: number;
  try {
    fd = fs.openSync(guard, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return; // someone else is taking it over
    throw error;
  }
  try {
    if (readText(file) === stale) fs.rmSync(file, { force: true });
  } finally {
    fs.closeSync(fd);
    fs.rmSync(guard, { force: true });
  }
}

/** What holds the store in `dataDir` now, if a live process does. */
export function lockHolder(dataDir: string): LockRecord | null {
  const record = parse(readText(path.join(dataDir, LOCK_FILE)));
  return record && !isStale(record) ? record : null;
}

/**
 * Takes the embedded store's folder for this process, or throws DataDirLockedError naming the
 * process that has it. `command` says what this process is (shown to a second one).
 */
export function lockDataDir(dataDir: string, command: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);

  const inherited = process.env[INHERITED_LOCK_ENV];
  if (inherited) {
    const record = parse(readText(file));
    // The parent that started us holds it for us: nothing to take, nothing to release.
    if (record?.token === inherited && record.pid === process.ppid)
      return { file, token: inherited, release() {} };
  }

  const record: LockRecord = {
    pid: process.pid,
    hostname: os.hostname(),
    bootId: bootId(),
    processStart: processStart(process.pid),
    token: randomBytes(16).toString('hex'),
    startedAt: new Date().toISOString(),
    command,
  };
  for (let attempt = 0; attempt < 5; attempt++) {
    if (tryCreate(file, record)) {
      let released = false;
      return {
        file,
        token: record.token,
        release() {
          if (released) return;
          released = true;
          if (parse(readText(file))?.token === record.token) fs.rmSync(file, { force: true });
        },
      };
    }
    const text = readText(file);
    const holder = parse(text);
    // Unreadable or half-written (a crash between create and write): treat as stale once it is old.
    if (!holder) {
      const stat = fs.statSync(file, { throwIfNoEntry: false });
      if (stat && Date.now() - stat.mtimeMs < 2_000) {
        throw new Error(`The store in ${path.resolve(dataDir)} is being opened by another process.`);
      }
      if (text !== null) takeOver(file, text);
      continue;
    }
    if (!isStale(holder)) throw new DataDirLockedError(dataDir, holder);
    takeOver(file, text!);
  }
  throw new Error(`Could not take the lock on ${path.resolve(dataDir)}; try again.`);
}
