import type { RouteHandlers } from '../../router/router';
import type { GatewayService } from '../gateway-service';
import { listModelViews } from '../model-views';
import { withGatewayFailures } from './failures';

export function modelsHandlers(gateway: GatewayService): Pick<RouteHandlers, 'models.list' | 'profiles.test_connection'> {
  return {
    'models.list': () =>
      withGatewayFailures(async () => {
        const { client, demoMode } = await gateway.active();
        return { models: await listModelViews(client), demoMode };
      }),
    // Its outcome is the answer (the test itself worked); only a missing profile is an error.
    'profiles.test_connection': ({ id }) => gateway.testProfile(id),
  };
}
