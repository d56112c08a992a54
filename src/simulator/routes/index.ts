/**
 * The route plugins the simulator registers, in order. Each is `(app, ctx) => Promise<void>` and
 * runs in its own encapsulated Fastify scope (its hooks and content parsers stay local).
 */
import type { SimRoutePlugin } from '../context';
import { accountRoutes } from './account';
import { modelRoutes } from './models';
import { chatCompletionRoutes } from './chat-completions';
import { responsesRoutes } from './responses';
import { messagesRoutes } from './messages';
import { mediaRoutePlugins } from './media';

export const routePlugins: readonly SimRoutePlugin[] = [
  accountRoutes,
  modelRoutes,
  chatCompletionRoutes,
  responsesRoutes,
  messagesRoutes,
  ...mediaRoutePlugins,
];
