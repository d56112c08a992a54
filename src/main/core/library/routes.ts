import type { RouteHandlers } from '../router/router';
import type { LibraryService } from './library-service';

type LibraryRoutes = 'library.list_assets' | 'library.count_facets' | 'library.get_asset' | 'library.set_favourite' | 'library.set_tags';

export function libraryHandlers(library: () => LibraryService): Pick<RouteHandlers, LibraryRoutes> {
  return {
    'library.list_assets': (request) => library().list(request),
    'library.count_facets': (filter) => library().facets(filter),
    'library.get_asset': ({ id }) => library().get(id),
    'library.set_favourite': ({ id, favourite }) => library().setFavourite(id, favourite),
    'library.set_tags': ({ id, tags }) => library().setTags(id, tags),
  };
}
