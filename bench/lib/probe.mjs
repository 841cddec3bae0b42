// CPU, statements and memory of one served process: its own CPU from /proc/<pid>/stat, its
// PostgreSQL backends' CPU (found by application_name) from theirs, the SQL statements it sent
// (bench/probe/statements.mjs answers on its probe port) and its resident memory.
import fs from 'node:fs';

/** utime + stime in clock ticks (100 a second on Linux). */
export function cpuTicks(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0; // a backend that has gone since it was listed
  }
}

export function rssMb(pid) {
  const kb = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1];
  return kb ? Math.round(Number(kb) / 1024) : null;
}

/**
 * The PostgreSQL CPU between two samples: over the backends alive at the second, what each spent
 * since the first (a backend that closed in between is not counted, rather than counted negative).
 */
export function pgTicksBetween(before, after) {
  let sum = 0;
  for (const [pid, ticks] of after.pgTicks) sum += ticks - (before.pgTicks.get(pid) ?? 0);
  return sum;
}

/** probe: { pid, probePort, admin (pg.Client), appName, dbName } */
export async function sample(probe) {
  const { rows } = await probe.admin.query(
    'select pid from pg_stat_activity where application_name = $1 and datname = $2',
    [probe.appName, probe.dbName],
  );
  const statements = (await (await fetch(`http://127.0.0.1:${probe.probePort}/`)).json()).statements;
  return {
    nodeTicks: cpuTicks(probe.pid),
    pgTicks: new Map(rows.map((r) => [r.pid, cpuTicks(r.pid)])),
    statements,
    rssMb: rssMb(probe.pid),
  };
}
