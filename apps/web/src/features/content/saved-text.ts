/** What a saved change of content says: it is in the project now, but visitors meet it only once synced and deployed. */
export const CONTENT_SAVED_TEXT = 'Saved! Visitors get the change after Sync and Deploy.';
