/**
 * `npm run sim -- [--port 8787] [--task-ms 300] ...`: run the demo gateway on its own and print
 * its address, demo key and admin token. `--help` lists every flag.
 */
import { parseArgs } from 'node:util';
import { GEN_IMAGE_ROUTINGS, type GenImageRouting } from './images/variant-gen-image';
import { CHARACTER_READINGS, type CharacterReading } from './videos/character-readings';
import type { DisplayUnit, SimulatorOptions } from './options';
import { startSimulator } from './server';

const HELP = `Usage: npm run sim -- [flags]
  --port <n>            port on 127.0.0.1 (default 8787; 0 = any free port)
  --host <address>      address to bind (default 127.0.0.1)
  --task-ms <ms>        duration of every task family (image, video, character)
  --image-ms <ms>       image task duration     --video-ms <ms>      video task duration
  --character-ms <ms>   character task duration --text-chunk-ms <ms> pause between streamed text events
  --unit <USD|CNY|tokens>  balance display unit
  --rate-limit <n>      requests per key per minute
  --demo-key <sk-...>   demo key to seed       --admin-token <t>    token for /__admin/*
  --state-dir <folder>  keep accounts, tasks and files there across restarts
  --gen-image-2-routing <request|direct|task>  how gen-image-2 reaches its channels (default request)
  --no-content-route    act like a deployment without GET /v1/videos/{id}/content
  --media <rendered|fixture>  fixture: results of the asked size and length with nothing drawn,
                        quick to make (default rendered, or ATELIER_DEMO_MEDIA)
  --character-creation <request|character|video>  how a request that asks for a character is answered (default request)
  --log                 log every request`;

function numberFlag(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0) throw new Error(`--${name} needs a non-negative number, got "${value}"`);
  return parsed;
}

function optionsFromArgs(argv: string[]): SimulatorOptions | undefined {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'task-ms': { type: 'string' },
      'image-ms': { type: 'string' },
      'video-ms': { type: 'string' },
      'character-ms': { type: 'string' },
      'text-chunk-ms': { type: 'string' },
      unit: { type: 'string' },
      'rate-limit': { type: 'string' },
      'demo-key': { type: 'string' },
      'admin-token': { type: 'string' },
      'state-dir': { type: 'string' },
      'gen-image-2-routing': { type: 'string' },
      'no-content-route': { type: 'boolean' },
      media: { type: 'string' },
      'character-creation': { type: 'string' },
      log: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help === true) return undefined;
  const taskMs = numberFlag(values['task-ms'], 'task-ms');
  const timing: NonNullable<SimulatorOptions['timing']> = {};
  const image = numberFlag(values['image-ms'], 'image-ms') ?? taskMs;
  const video = numberFlag(values['video-ms'], 'video-ms') ?? taskMs;
  const character = numberFlag(values['character-ms'], 'character-ms') ?? taskMs;
  const textChunk = numberFlag(values['text-chunk-ms'], 'text-chunk-ms');
  if (image !== undefined) timing.image = image;
  if (video !== undefined) timing.video = video;
  if (character !== undefined) timing.character = character;
  if (textChunk !== undefined) timing.textChunk = textChunk;
  const unit = values.unit;
  if (unit !== undefined && !['USD', 'CNY', 'tokens'].includes(unit)) {
    throw new Error(`--unit must be USD, CNY or tokens, got "${unit}"`);
  }
  const rateLimit = numberFlag(values['rate-limit'], 'rate-limit');
  const routing = values['gen-image-2-routing'];
  if (routing !== undefined && !(GEN_IMAGE_ROUTINGS as readonly string[]).includes(routing)) {
    throw new Error(`--gen-image-2-routing must be ${GEN_IMAGE_ROUTINGS.join(', ')}, got "${routing}"`);
  }
  const media = values.media;
  if (media !== undefined && media !== 'rendered' && media !== 'fixture') throw new Error(`--media must be rendered or fixture, got "${media}"`);
  const reading = values['character-creation'];
  if (reading !== undefined && !(CHARACTER_READINGS as readonly string[]).includes(reading)) {
    throw new Error(`--character-creation must be ${CHARACTER_READINGS.join(', ')}, got "${reading}"`);
  }
  return {
    settings: {
      ...(routing === undefined ? {} : { genImage2Routing: routing as GenImageRouting }),
      ...(values['no-content-route'] === true ? { contentRoute: false } : {}),
      ...(reading === undefined ? {} : { characterCreation: reading as CharacterReading }),
    },
    port: numberFlag(values.port, 'port') ?? 8787,
    timing,
    logger: values.log === true,
    ...(values.host === undefined ? {} : { host: values.host }),
    ...(unit === undefined ? {} : { displayUnit: unit as DisplayUnit }),
    ...(rateLimit === undefined ? {} : { rateLimit: { max: rateLimit, windowMs: 60_000 } }),
    ...(values['demo-key'] === undefined ? {} : { demoKey: values['demo-key'] }),
    ...(values['admin-token'] === undefined ? {} : { adminToken: values['admin-token'] }),
    ...(values['state-dir'] === undefined ? {} : { stateDir: values['state-dir'] }),
    ...(media === undefined ? {} : { media }),
  };
}

async function main(): Promise<void> {
  const options = optionsFromArgs(process.argv.slice(2));
  if (!options) {
    console.log(HELP);
    return;
  }
  const sim = await startSimulator(options);
  console.log(`Demo gateway listening on ${sim.url}`);
  console.log(`  OpenAI-style base URL: ${sim.url}/v1`);
  console.log(`  Demo key:              ${sim.demoKey}`);
  console.log(`  Admin token:           ${sim.adminToken}  (header x-admin-token, /__admin/*)`);
  const stop = (): void => {
    sim.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
