/**
 * The faults of a chaos run: when each strikes, drawn from the seed, and how each is struck (a
 * process killed or paused, PostgreSQL restarted, Redis stopped, a rollover).
 */
import type { Rng } from '../modules/market/rng';
import { type Cluster, type Member, restartPostgres, startRedis, stopRedis } from './cluster';
import { rolloverNow } from './cross-margin';

export type Fault = {
  at: number;
  kind: 'kill' | 'pause' | 'postgres' | 'redis' | 'kill-stream' | 'rollover';
};

/**
 * When each fault strikes, from the seed: a SIGKILL every 20–40 s, and once each a 5-second
 * SIGSTOP, a PostgreSQL restart, Redis down for 15 s and a stream process killed with its clients
 * (the last three only with PostgreSQL and Redis; the restart and the stop not with `--spare-shared`), spread over the run and never in its last 20 s;
 * with PostgreSQL, a rollover (positions a day older, the market leader killed) near the middle.
 */
export function planFaults(rng: Rng, durationMs: number, embedded: boolean, spareShared: boolean): Fault[] {
  const faults: Fault[] = [];
  for (let at = 20_000 + rng.int(20_000); at < durationMs - 20_000; at += 20_000 + rng.int(20_000))
    faults.push({ at, kind: 'kill' });
  const once: Fault['kind'][] = embedded
    ? ['pause']
    : spareShared
      ? ['pause', 'kill-stream']
      : ['pause', 'postgres', 'redis', 'kill-stream'];
  once.forEach((kind, i) => {
    const slot = (durationMs - 30_000) / once.length;
    faults.push({ at: 10_000 + Math.round(slot * i + rng.next() * slot * 0.8), kind });
  });
  if (!embedded) faults.push({ at: Math.round(durationMs * (0.4 + rng.next() * 0.2)), kind: 'rollover' });
  return faults.sort((a, b) => a.at - b.at);
}

/** Strikes one fault and waits until it is over (the process restarted, Redis back...). */
export async function strike(
  fault: Fault,
  cluster: Cluster,
  rng: Rng,
  say: (line: string) => void,
  databaseUrl: string | undefined,
) {
  const pickOf = (members: Member[]) => members[rng.int(members.length)] as Member;
  const downFor = 2_000 + rng.int(4_000);
  switch (fault.kind) {
    case 'kill':
    case 'kill-stream': {
      const victim = pickOf(fault.kind === 'kill' ? cluster.members : cluster.byRole('stream'));
      say(
        `${fault.kind === 'kill' ? 'SIGKILL' : 'SIGKILL (stream process, clients on it)'} ${victim.name}; restart in ${downFor} ms`,
      );
      await cluster.kill(victim);
      await new Promise((r) => setTimeout(r, downFor));
      // As a supervisor does: a process that cannot start yet (Redis or PostgreSQL down) is
      // started again a moment later.
      for (let attempt = 1; ; attempt++) {
        const failure = await cluster.restart(victim).then(
          () => undefined,
          (error: Error) => error.message,
        );
        if (!failure) return;
        say(`restart of ${victim.name} failed (${failure}); again in 2 s`);
        if (attempt >= 30) return;
        await new Promise((r) => setTimeout(r, 2_000));
      }
    }
    case 'pause': {
      // Nothing to pause while every process is down (one restarting after a kill).
      const running = cluster.members.filter((m) => m.current);
      if (running.length === 0) return;
      const victim = pickOf(running);
      if (!cluster.pause(victim)) return;
      say(`SIGSTOP ${victim.name} for 5 s`);
      await new Promise((r) => setTimeout(r, 5_000));
      cluster.resume(victim);
      return;
    }
    case 'postgres':
      say('PostgreSQL restart');
      await restartPostgres().catch((error: Error) => say(`PostgreSQL restart failed: ${error.message}`));
      return;
    case 'rollover':
      if (databaseUrl)
        await rolloverNow(databaseUrl, cluster, say).catch((error: Error) =>
          say(`rollover failed: ${error.message}`),
        );
      return;
    case 'redis':
      say('Redis stopped for 15 s');
      await stopRedis();
      await new Promise((r) => setTimeout(r, 15_000));
      await startRedis();
      say('Redis started');
      return;
  }
}
