import { bytesOf } from '../assistant/image-input';
import type { RouteHandlers } from '../router/router';
import type { LibraryService } from './library-service';
import { deleteSavedMask, listSavedMasks, readSavedMask, saveMask } from './saved-masks';

/** `masks.*`: saved masks live in the library, so they follow it when its folder moves. */
export function savedMaskHandlers(
  library: () => LibraryService,
): Pick<RouteHandlers, 'masks.list_masks' | 'masks.save_mask' | 'masks.read_mask' | 'masks.delete_mask'> {
  return {
    'masks.list_masks': () => listSavedMasks(library()),
    'masks.save_mask': ({ name, bytes }) => saveMask(library(), name, bytesOf(bytes)),
    'masks.read_mask': async ({ id }) => {
      const { name, width, height, png } = await readSavedMask(library(), id);
      return { id, name, width, height, pngBase64: png.toString('base64') };
    },
    'masks.delete_mask': async ({ id }) => ({ deleted: await deleteSavedMask(library(), id) }),
  };
}
