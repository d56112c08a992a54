/**
 * Web mode's screen of thumbnails in one answer (`GET /media-thumbnails?path=...&path=...`): the
 * body holds, in the order asked, each file as a 4-byte big-endian length and its bytes, or
 * `THUMBNAIL_NOT_SERVED` and no bytes for a path refused; `x-media-types` lists their types.
 */
export const THUMBNAILS_ROUTE = '/media-thumbnails';
/** The most thumbnails one request may ask for: a screen of the grid, with room to spare. */
export const THUMBNAILS_AT_ONCE = 48;
/** The length written for a path that is not served (not found, outside the library, not a small picture). */
export const THUMBNAIL_NOT_SERVED = 0xffffffff;
