import type { StorageService } from '../modules/storage/service.ts';

/**
 * Hourly: uploads never used (or replaced) for 24 hours go, file and row. The rule and the work are the
 * storage module's (`removeUnused`); this only says when it runs.
 */
export const removeUnusedUploads = {
  name: 'remove-unused-uploads',
  cron: '0 * * * *',
  run: (services: { storage: StorageService }) => services.storage.removeUnused(),
};
