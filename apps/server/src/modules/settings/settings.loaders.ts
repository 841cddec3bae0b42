import type { Executor } from '../../db/database.js';
import type { Shop } from './settings.model.js';
import { getSettingsCached } from './settings.repository.js';

declare module '../../graphql/context.js' {
  interface Loaders extends ReturnType<typeof createSettingsLoaders> {}
}

/** The store settings, read at most once per request (currency for every money field). */
export function createSettingsLoaders(db: Executor) {
  let settings: Promise<Shop> | undefined;
  let read: Shop | undefined;
  const shop = () =>
    (settings ??= getSettingsCached(db).then((s) => {
      read = s;
      return s;
    }));
  return {
    /** Store settings, read once per request (currency for every money field). */
    shop,
    /** The settings once this request has read them (so a money field needs no promise). */
    shopNow: (): Shop | undefined => read,
  };
}
