import type { PGlite } from '@electric-sql/pglite';
import * as k from 'kysely';
import { CompiledQuery, sql, type DatabaseConnection as Connection, type QueryCompiler } from 'kysely';

/**
 * Kysely over embedded PGlite (kysely 0.28 has no PGlite dialect; 0.29's wants Node 22).
 *
 * PGlite is a single session, so the driver lends it to one caller at a time: a transaction holds it
 * from BEGIN to COMMIT and no other request's statement lands inside. The queue belongs to the PGlite
 * instance, so Kysely instances sharing one (the server's `db` and `upkeep`) wait on each other too.
 */
export class PGliteDialect implements k.Dialect {
  constructor(private readonly config: { pglite: PGlite }) {}
  createAdapter = () => new k.PostgresAdapter();
  createDriver = () => new PGliteDriver(this.config.pglite);
  createIntrospector = (db: k.Kysely<unknown>) => new k.PostgresIntrospector(db);
  createQueryCompiler = () => new k.PostgresQueryCompiler();
}

/** First come, first served: `acquire` resolves, in turn, to the function that releases. */
class Queue {
  #tail = Promise.resolve();
  acquire(): Promise<() => void> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const turn = this.#tail.then(() => release);
    this.#tail = this.#tail.then(() => released);
    return turn;
  }
}
const queues = new WeakMap<PGlite, Queue>();

type Compile = QueryCompiler['compileQuery'];
const savepointCommand = (connection: Connection, compile: Compile, command: string, name: string) =>
  connection.executeQuery(
    compile(sql`${sql.raw(command)} ${sql.id(name)}`.toOperationNode(), k.createQueryId()),
  );

class PGliteDriver implements k.Driver {
  readonly #queue: Queue;
  readonly #connection: PGliteConnection;
  #release: (() => void) | undefined;

  constructor(private readonly pglite: PGlite) {
    this.#queue = queues.get(pglite) ?? new Queue();
    queues.set(pglite, this.#queue);
    this.#connection = new PGliteConnection(pglite);
  }
  init = () => this.pglite.waitReady;
  async acquireConnection() {
    this.#release = await this.#queue.acquire();
    return this.#connection;
  }
  releaseConnection() {
    const release = this.#release;
    this.#release = undefined;
    release?.();
    return Promise.resolve();
  }
  async beginTransaction(connection: Connection, { isolationLevel, accessMode }: k.TransactionSettings) {
    const begin = `start transaction${isolationLevel ? ` isolation level ${isolationLevel}` : ''}`;
    await connection.executeQuery(CompiledQuery.raw(accessMode ? `${begin} ${accessMode}` : begin));
  }
  async commitTransaction(connection: Connection) {
    // PostgreSQL answers the COMMIT of a transaction an error left aborted with ROLLBACK.
    const { rows } = await connection.executeQuery<{ command: string }>(CompiledQuery.raw('commit'));
    if (rows[0]?.command === 'ROLLBACK') throw new k.AbortedTransactionError();
  }
  async rollbackTransaction(connection: Connection) {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }
  async savepoint(connection: Connection, name: string, compile: Compile) {
    await savepointCommand(connection, compile, 'savepoint', name);
  }
  async rollbackToSavepoint(connection: Connection, name: string, compile: Compile) {
    await savepointCommand(connection, compile, 'rollback to', name);
  }
  async releaseSavepoint(connection: Connection, name: string, compile: Compile) {
    await savepointCommand(connection, compile, 'release', name);
  }
  /** Closes PGlite once whoever holds it is done. */
  async destroy() {
    const release = await this.#queue.acquire();
    try {
      if (!this.pglite.closed) await this.pglite.close();
    } finally {
      release();
    }
  }
}

class PGliteConnection implements Connection {
  constructor(private readonly pglite: PGlite) {}
  async executeQuery<R>(query: CompiledQuery): Promise<k.QueryResult<R>> {
    try {
      const { command, rows, affectedRows } = await this.pglite.query<R>(query.sql, [...query.parameters], {
        rowMode: 'object',
      });
      if (command === 'COMMIT' || command === 'ROLLBACK') return { rows: [{ command } as R] };
      return { rows, numAffectedRows: affectedRows == null ? undefined : BigInt(affectedRows) };
    } catch (error) {
      // PGlite's own error, SQLSTATE `code` and all, with the caller's stack added.
      const caller = new Error().stack?.split('\n').slice(1).join('\n');
      if (error instanceof Error && error.stack && caller) error.stack += `\n${caller}`;
      throw error;
    }
  }
  streamQuery(): never {
    throw new Error('PGlite cannot stream query results: execute the query instead.');
  }
}
