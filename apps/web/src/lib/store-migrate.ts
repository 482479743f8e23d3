/**
 * The persisted store of an older version, brought to the current shape. Before 0.2 every store
 * held the theme 'dark', picked or not (it was the default): it follows the system now (null);
 * 'light' was always someone's pick and stays.
 */
export function migrateStore<TState>(persisted: unknown, version: number): TState {
  const state = (persisted && typeof persisted === 'object' ? persisted : {}) as Record<string, unknown>;
  // What was stored is trusted as the store's shape, as the store itself does on every load.
  return (version < 0.2 && state.theme === 'dark' ? { ...state, theme: null } : state) as TState;
}
