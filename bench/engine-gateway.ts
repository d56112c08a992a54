/**
 * The demo gateway of `engine-load`, in a process of its own, so the benchmark's process holds
 * only what the studio's main process would (a real gateway is on another machine): its CPU,
 * event-loop delay and memory are then the engine's. Started with the task durations as JSON
 * (`node --import tsx engine-gateway.ts '{"image":15500,...}'`); prints one JSON line with its
 * address, key and admin token; stops when its standard input closes.
 */
import { startSimulator } from '../src/simulator/server';

export interface GatewayTiming {
  image: number;
  video: number;
  character: number;
}

export interface GatewayAddress {
  url: string;
  demoKey: string;
  adminToken: string;
}

const timing = JSON.parse(process.argv[2] ?? '{}') as GatewayTiming;
const sim = await startSimulator({
  timing: { ...timing, textChunk: 0 },
  // Results only need their size and encoding here; rendering 1,000 of them would measure the demo gateway.
  media: 'fixture',
  // Thousands of polls a minute on one key: the benchmark counts requests, it does not test 429s.
  rateLimit: { max: 1_000_000_000 },
  demoKeyUnlimited: true,
  userQuota: 1_000_000 * 500_000,
});
const address: GatewayAddress = { url: sim.url, demoKey: sim.demoKey, adminToken: sim.adminToken };
process.stdout.write(`${JSON.stringify(address)}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  void sim.close().then(() => process.exit(0));
});
