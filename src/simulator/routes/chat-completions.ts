import type { SimRoutePlugin } from '../context';

export const chatCompletionRoutes: SimRoutePlugin = () => {
  // Filled in by the next commit.
};
