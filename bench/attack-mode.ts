// `--attack`: the benches' 31st client (bench/attacker.ts), started in a process of its own beside the honest
// attendees and stopped when they are done; what it sent and got back is printed as a table, and any 5xx it
// got fails the run, like an error of an honest attendee.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { AttackTally } from './attacker.ts';
import { printTable } from './measure.ts';

export interface Attacker {
  /** Stops the attacks and resolves with what each sent and got back. */
  stop(): Promise<Record<string, AttackTally>>;
}

export function startAttacker(url: string, code?: string): Attacker {
  const script = fileURLToPath(new URL('./attacker.ts', import.meta.url));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', script, '--url', url, ...(code ? ['--code', code] : [])],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout!.on('data', (chunk) => {
    out += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      const line = out.trim().split('\n').at(-1);
      if (!line) throw new Error('the attacker printed no tally');
      return JSON.parse(line) as Record<string, AttackTally>;
    },
  };
}

/** Prints the attacks' table; returns how many answers were 5xx (each a failure of the server). */
export function reportAttacks(tallies: Record<string, AttackTally>): number {
  let serverErrors = 0;
  const rows = [['attack (31st client)', 'sent', 'answers']];
  for (const [attack, tally] of Object.entries(tallies)) {
    for (const [status, n] of Object.entries(tally.statuses)) if (/^5\d\d$/.test(status)) serverErrors += n;
    const answers = Object.entries(tally.statuses)
      .map(([status, n]) => `${status} × ${n}`)
      .join(', ');
    rows.push([attack, String(tally.sent), answers]);
  }
  printTable(rows);
  console.log(`attacker's 5xx answers = ${serverErrors} (target 0) ${serverErrors === 0 ? 'PASS' : 'FAIL'}`);
  return serverErrors;
}
