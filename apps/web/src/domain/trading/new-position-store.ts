import { create } from 'zustand';

/** How long the row of a position just opened stays highlighted. */
export const NEW_POSITION_HIGHLIGHT_MS = 4000;

interface TNewPositionState {
  /** The position a market order of this tab just opened, until its highlight ends. */
  id: string | null;
  mark: (id: string) => void;
  /** Ends the highlight of `id` (a later order's highlight stays). */
  clear: (id: string) => void;
}

/** The position just opened by an order of the user's, for its row to stand out for a moment. */
export const useNewPositionStore = create<TNewPositionState>()((set) => ({
  id: null,
  mark: (id) => set({ id }),
  clear: (id) => set((state) => (state.id === id ? { id: null } : state)),
}));
