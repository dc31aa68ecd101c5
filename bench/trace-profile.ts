import { readFileSync } from 'node:fs';
import { z } from 'zod';

/**
 * `npx tsx bench/trace-profile.ts <trace.json> [top]`: where the CPU went in a Chromium trace taken with the
 * V8 sampling profiler on (`BENCH_SYNC_TRACE=<file> npm run bench -- sync` writes one of an admin's first
 * sync, `BENCH_SYNC_TEACHER_TRACE=<file>` one of the biggest teacher's; with either set the bench page is built
 * unminified). For each JavaScript thread (the window, the sync worker) it prints the busy time and the functions
 * and files with the most self time. It reads a Node CPU profile the same way: one `.cpuprofile` per thread, as
 * `BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=<dir>"` has a bench's server write them (its main thread
 * and its PGlite thread).
 */

const callFrameSchema = z.object({
  functionName: z.string(),
  url: z.string().optional(),
  lineNumber: z.number().optional(),
});
const nodeSchema = z.object({ id: z.number(), callFrame: callFrameSchema });
const eventSchema = z.looseObject({
  name: z.string(),
  ph: z.string(),
  pid: z.number(),
  tid: z.number(),
  id: z.string().optional(),
  args: z.unknown().optional(),
});
const threadNameArgs = z.object({ name: z.string() });
const chunkArgs = z.object({
  data: z.object({
    cpuProfile: z
      .object({ nodes: z.array(nodeSchema).optional(), samples: z.array(z.number()).optional() })
      .optional(),
    timeDeltas: z.array(z.number()).optional(),
  }),
});

type Profile = {
  thread: string;
  frames: Map<number, z.infer<typeof callFrameSchema>>;
  samples: number[];
  deltas: number[];
};

const NOT_BUSY = new Set(['(idle)', '(program)']);

function sortedTop(values: Map<string, number>, count: number): string[] {
  return [...values]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, ms]) => `${ms.toFixed(0).padStart(7)} ms  ${name}`);
}

/** A Node CPU profile (`--cpu-prof`, one file per thread): its nodes, samples and their gaps in one object. */
const nodeProfileSchema = z.object({
  nodes: z.array(nodeSchema),
  samples: z.array(z.number()),
  timeDeltas: z.array(z.number()),
});

const [file, topArg] = process.argv.slice(2);
if (!file) throw new Error('usage: npx tsx bench/trace-profile.ts <trace.json | node.cpuprofile> [top]');
const top = Number(topArg ?? 25);
const raw: unknown = JSON.parse(readFileSync(file, 'utf8'));
const nodeProfile = nodeProfileSchema.safeParse(raw);
const traceEvents = (): unknown[] =>
  z
    .array(z.unknown())
    .parse(Array.isArray(raw) ? raw : z.object({ traceEvents: z.array(z.unknown()) }).parse(raw).traceEvents);
const events = (nodeProfile.success ? [] : traceEvents()).flatMap((event) => {
  const parsed = eventSchema.safeParse(event);
  return parsed.success ? [parsed.data] : [];
});

const threadNames = new Map<string, string>();
for (const event of events) {
  if (event.ph === 'M' && event.name === 'thread_name')
    threadNames.set(`${event.pid}:${event.tid}`, threadNameArgs.parse(event.args).name);
}
const profiles = new Map<string, Profile>();
if (nodeProfile.success) {
  const { nodes, samples, timeDeltas } = nodeProfile.data;
  profiles.set(file, {
    thread: file,
    frames: new Map(nodes.map((node) => [node.id, node.callFrame])),
    samples,
    deltas: timeDeltas,
  });
}
for (const event of events) {
  const key = `${event.pid}:${event.id}`;
  if (event.name === 'Profile') {
    const thread = threadNames.get(`${event.pid}:${event.tid}`) ?? `${event.pid}:${event.tid}`;
    profiles.set(key, { thread, frames: new Map(), samples: [], deltas: [] });
  }
  const profile = profiles.get(key);
  if (event.name !== 'ProfileChunk' || !profile) continue;
  const { cpuProfile, timeDeltas } = chunkArgs.parse(event.args).data;
  for (const node of cpuProfile?.nodes ?? []) profile.frames.set(node.id, node.callFrame);
  profile.samples.push(...(cpuProfile?.samples ?? []));
  profile.deltas.push(...(timeDeltas ?? []));
}

for (const profile of profiles.values()) {
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((sample, index) => {
    const frame = profile.frames.get(sample);
    if (!frame || NOT_BUSY.has(frame.functionName)) return;
    // A sample's time is the gap to the next one, in microseconds.
    const ms = (profile.deltas[index + 1] ?? 0) / 1000;
    const fileName = (frame.url ?? '').split('/').pop() || frame.functionName;
    const name = `${frame.functionName || '(anonymous)'} ${fileName}:${frame.lineNumber ?? '?'}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
    byFile.set(fileName, (byFile.get(fileName) ?? 0) + ms);
    busy += ms;
  });
  if (busy < 50) continue;
  console.log(`\n== ${profile.thread}: busy ${busy.toFixed(0)} ms`);
  console.log(sortedTop(byFunction, top).join('\n'));
  console.log('  by file:');
  console.log(sortedTop(byFile, 10).join('\n'));
}
