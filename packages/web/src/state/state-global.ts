/**
 * The global the inline state script assigns and the browser entry reads. Its own module, so
 * the browser entry does not carry the server's serialiser with it.
 */
export const STATE_GLOBAL = '__CANOPY_STATE__';
