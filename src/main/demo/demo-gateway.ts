import { join } from 'node:path';
import type { ConnectionProvider, GatewayConnection } from '../core/gateway/connection-provider';
import { createLogger } from '../core/log';
import type { SimulatorOptions } from '../../simulator/options';
import type { RunningSimulator } from '../../simulator/server';

const log = createLogger('demo-gateway');

/** Settings of the embedded demo gateway; the shells use the defaults plus a state folder. */
export type DemoGatewayOptions = Omit<SimulatorOptions, 'onWarning'>;

/**
 * The embedded demo gateway, shared by the shells (Electron, web mode, the CLI): started on
 * first use when no real gateway profile is active, so a new user can try everything without
 * an account. Lives on loopback only. With `stateDir` (the shells pass a folder in the data
 * folder) its accounts, tasks and files survive a restart, and it listens on its last port
 * again when it is free, so the addresses the studio recorded keep working.
 */
export class DemoGateway implements ConnectionProvider {
  private running: Promise<RunningSimulator> | undefined;

  constructor(private readonly options: DemoGatewayOptions = {}) {}

  /**
   * The simulator is loaded on first use: its media code (fonts, images, video) was a large share
   * of the studio's start-up when it was imported with the rest, and most starts never need it.
   */
  private async start(): Promise<RunningSimulator> {
    const { startSimulator } = await import('../../simulator/server');
    return startSimulator({ ...this.options, onWarning: (message) => log.warn(message) });
  }

  /** Base URL and key of the demo gateway, starting it if needed. */
  async connection(): Promise<GatewayConnection> {
    this.running ??= this.start().then(
      (sim) => {
        log.info(`demo gateway listening at ${sim.url}`);
        return sim;
      },
      (error: unknown) => {
        // The next call tries again rather than repeating this failure forever.
        this.running = undefined;
        throw error;
      },
    );
    const sim = await this.running;
    return { baseUrl: sim.url, apiKey: sim.demoKey };
  }

  /**
   * The address and admin token of the running demo gateway (starting it if needed). Only for test
   * harnesses that inject faults; the studio itself never calls the admin API.
   */
  async adminAccess(): Promise<{ url: string; adminToken: string }> {
    await this.connection();
    const sim = await this.running;
    if (!sim) throw new Error('The demo gateway stopped while it was starting.');
    return { url: sim.url, adminToken: sim.adminToken };
  }

  async stop(): Promise<void> {
    const running = this.running;
    this.running = undefined;
    if (running) await (await running).close();
  }
}

/** Folder of the demo gateway's state inside the studio's data folder. */
const DEMO_STATE_FOLDER = 'demo-gateway';

/** The demo gateway of a studio whose data folder is `dataDir`: its state lives there too. */
export function demoGatewayFor(dataDir: string, options: DemoGatewayOptions = {}): DemoGateway {
  return new DemoGateway({ stateDir: join(dataDir, DEMO_STATE_FOLDER), ...options });
}
