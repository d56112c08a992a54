import type { SimRoutePlugin } from '../context';

export const messagesRoutes: SimRoutePlugin = () => {
  // Filled in by the next commit.
};
