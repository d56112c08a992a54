import type { SimulatorOptions } from '../../../simulator/options';
import { startSimulator, type RunningSimulator } from '../../../simulator/server';
import { createLogger } from '../log';

const log = createLogger('demo-gateway');

/**
 * The embedded demo gateway: started on first use when no real gateway profile is active, so a new
 * user can try everything without an account. Lives on loopback only.
 */
export class DemoGateway {
  private running: Promise<RunningSimulator> | undefined;

  constructor(private readonly options: SimulatorOptions = {}) {}

  /** Base URL and key of the demo gateway, starting it if needed. */
  async connection(): Promise<{ baseUrl: string; apiKey: string }> {
    this.running ??= startSimulator(this.options).then((sim) => {
      log.info(`demo gateway listening at ${sim.url}`);
      return sim;
    });
    const sim = await this.running;
    return { baseUrl: sim.url, apiKey: sim.demoKey };
  }

  async stop(): Promise<void> {
    const running = this.running;
    this.running = undefined;
    if (running) await (await running).close();
  }
}
