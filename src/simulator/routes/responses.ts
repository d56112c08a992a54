import type { SimRoutePlugin } from '../context';

export const responsesRoutes: SimRoutePlugin = () => {
  // Filled in by the next commit.
};
