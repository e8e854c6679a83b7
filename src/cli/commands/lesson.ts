// `keyplan lesson check FILE|DIR...`: validates lesson files and proves each step (its solution passes every
// check, its start fails at least one), local-run checks on DynamoDB Local (embedded unless --endpoint or
// DYNAMODB_ENDPOINT names one; --no-local skips them). Exit 0 all good, 1 a step fails, 2 an invalid file.
import { randomBytes } from 'node:crypto';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { type LessonFile, loadLessonFiles } from '../../../server/lessons/lesson-files.ts';
import { formatProblems, type ValidationProblem } from '../../core/checks/validate.ts';
import type { LocalRunner } from '../../core/features/lessons/check-definition.ts';
import { needsServer } from '../../core/features/lessons/checks/index.ts';
import type { Lesson } from '../../core/features/lessons/lesson-types.ts';
import { type LessonProof, proveLesson } from '../../core/features/lessons/prove.ts';
import type { PlainItem } from '../../core/values/item.ts';
import { plural } from '../../core/values/text/plural.ts';
import type { Command } from '../command.ts';
import { DEFAULT_TIMEOUT_SECONDS, endpointOf, timeoutSeconds } from '../dynamo-options.ts';
import { type CliIo, printJson, UsageError } from '../io.ts';

interface Proved {
  file: string;
  lesson: Lesson;
  proof: LessonProof;
}

interface Invalid {
  file: string;
  problems: ValidationProblem[];
}

/** DynamoDB Local for the local-run checks: the endpoint given, or an embedded one started for this run. */
async function withLocalRunner<T>(
  endpoint: string | undefined,
  callTimeoutMs: number,
  io: CliIo,
  work: (runner: LocalRunner) => Promise<T>,
): Promise<T> {
  const { createDynamoClient } = await import('../../../server/dynamodb/client.ts');
  const service = await import('../../../server/service.ts');
  let local: import('../../../server/dynamodb/local.ts').DynamoDBLocal | undefined;
  if (!endpoint) {
    const { DynamoDBLocal } = await import('../../../server/dynamodb/local.ts');
    local = new DynamoDBLocal();
    io.stderr('keyplan lesson: starting DynamoDB Local for the local-run checks…\n');
    await local.start();
  }
  const client: DynamoDBClient = createDynamoClient(endpoint ?? local?.endpoint, { callTimeoutMs });
  // Tables of a namespace of their own, deleted after: an endpoint given may hold the user's tables.
  const prefix = `keyplan-lesson-${randomBytes(4).toString('hex')}-`;
  const runner: LocalRunner = {
    apply: async (design) => {
      await service.applyForSession(client, prefix, design, { recreate: true, replace: true });
    },
    run: (design, patternId, args, exclusiveStartKey?: PlainItem) =>
      service.runPatternForSession(client, prefix, design, { patternId, args, exclusiveStartKey }),
  };
  try {
    return await work(runner);
  } finally {
    await service.resetSession(client, prefix).catch(() => undefined);
    client.destroy();
    await local?.stop();
  }
}

function stepLine(proved: Proved, index: number): string[] {
  const step = proved.proof.steps[index];
  const label = `step ${index + 1} ${step.id}`;
  if (step.ok) {
    const passed = step.solution.filter((r) => r.status === 'pass').length;
    const failing = step.start.filter((r) => r.status === 'fail').length;
    const skipped = step.solution.filter((r) => r.status === 'needs-server').length;
    return [
      `  ok   ${label}: the solution passes ${plural(passed, 'check')}${skipped ? ` (${skipped} local-run skipped)` : ''}; the start fails ${failing}`,
    ];
  }
  return [`  FAIL ${label} (${step.title}):`, ...step.problems.map((p) => `       ${p}`)];
}

function textReport(proved: Proved[]): string {
  const lines: string[] = [];
  for (const p of proved) {
    lines.push(`${p.file}: ${p.lesson.id} "${p.lesson.title}" (${plural(p.lesson.steps.length, 'step')})`);
    p.proof.steps.forEach((_, i) => {
      lines.push(...stepLine(p, i));
    });
  }
  return lines.length ? `${lines.join('\n')}\n` : '';
}

export const lessonCommand: Command = {
  name: 'lesson',
  summary:
    'check lesson files: valid, each step’s solution passes its checks and its start fails one; exit 1 on a failing step, 2 on an invalid file',
  synopsis: ['check FILE|DIR... [--endpoint] [--no-local] [--timeout] [--json]'],
  options: {
    endpoint: {
      type: 'string',
      value: 'URL',
      help: 'run the local-run checks on this DynamoDB instead of an embedded DynamoDB Local',
    },
    'no-local': { type: 'boolean', help: 'skip the checks that need DynamoDB Local' },
    timeout: {
      type: 'string',
      value: 'S',
      default: String(DEFAULT_TIMEOUT_SECONDS),
      help: 'seconds each request to DynamoDB may take',
    },
    json: { type: 'boolean', help: 'each file and step as JSON' },
  },
  notes: ['Lesson files are *.lesson.yaml or *.lesson.json (docs/lesson-format.md).'],
  async run({ positionals, values }, io) {
    const [action, ...paths] = positionals;
    if (action !== 'check')
      throw new UsageError(
        action === undefined
          ? 'say what to do: lesson check FILE|DIR...'
          : `unknown action "${action}": expected check`,
      );
    if (paths.length === 0)
      throw new UsageError(
        'missing the lesson files (a file or a directory of *.lesson.yaml / *.lesson.json)',
      );
    if (values['no-local'] && values.endpoint !== undefined)
      throw new UsageError('--endpoint is where the local-run checks run, which --no-local skips');
    const endpoint = endpointOf(values);
    const callTimeoutMs = timeoutSeconds(values.timeout as string | undefined) * 1000;

    const files: LessonFile[] = await loadLessonFiles(paths);
    const invalid: Invalid[] = [];
    const valid: { file: string; lesson: Lesson }[] = [];
    for (const { file, result } of files) {
      if (result.ok) valid.push({ file, lesson: result.lesson });
      else invalid.push({ file, problems: result.problems });
    }
    const needsLocal =
      !values['no-local'] && valid.some(({ lesson }) => lesson.steps.some((s) => s.checks.some(needsServer)));
    const proveAll = async (runner?: LocalRunner) => {
      const proved: Proved[] = [];
      for (const { file, lesson } of valid)
        proved.push({ file, lesson, proof: await proveLesson(lesson, runner) });
      return proved;
    };
    const proved = needsLocal
      ? await withLocalRunner(endpoint, callTimeoutMs, io, proveAll)
      : await proveAll();

    const skipped = proved.reduce((sum, p) => sum + p.proof.skipped, 0);
    const failingSteps = proved.reduce((sum, p) => sum + p.proof.steps.filter((s) => !s.ok).length, 0);
    const steps = proved.reduce((sum, p) => sum + p.proof.steps.length, 0);
    if (values.json)
      printJson(io, {
        ok: invalid.length === 0 && failingSteps === 0,
        lessons: [
          ...proved.map((p) => ({
            file: p.file,
            id: p.lesson.id,
            title: p.lesson.title,
            ok: p.proof.ok,
            steps: p.proof.steps,
          })),
          ...invalid.map((i) => ({
            file: i.file,
            ok: false,
            error: { code: 'InvalidLesson', message: formatProblems(i.problems), problems: i.problems },
          })),
        ],
        localRunSkipped: skipped,
      });
    else io.stdout(textReport(proved));
    for (const { file, problems } of invalid)
      io.stderr(
        `${formatProblems(problems)
          .split('\n')
          .map((line) => `${file}: ${line}`)
          .join('\n')}\n`,
      );
    if (skipped > 0)
      io.stderr(`keyplan lesson: ${plural(skipped, 'local-run check')} not run (--no-local)\n`);
    const summary = [
      `${plural(proved.length, 'lesson')}, ${plural(steps, 'step')}: ${failingSteps === 0 ? 'every step proved' : `${failingSteps} failing`}`,
      ...(invalid.length ? [`${plural(invalid.length, 'invalid lesson file')}`] : []),
    ];
    io.stderr(`keyplan lesson: ${summary.join('; ')}\n`);
    if (invalid.length > 0) return 2;
    return failingSteps > 0 ? 1 : 0;
  },
};
