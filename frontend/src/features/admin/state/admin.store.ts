import { create } from 'zustand';

/** What this dispatcher has open or not yet looked at; the jobs themselves are the query cache's (board-data.ts). */
interface AdminState {
  /** SOS jobs nobody has opened or acted on yet: highlighted until someone does. */
  unseenSos: ReadonlySet<string>;
  /** The job whose card is open (from a map pin, an SOS card or the list); null when none. */
  openJobId: string | null;
  sosArrived(id: string): void;
  sosSeen(id: string): void;
  openJob(id: string | null): void;
}

export const useAdminStore = create<AdminState>()((set) => ({
  unseenSos: new Set<string>(),
  openJobId: null,
  sosArrived: (id) => set((state) => ({ unseenSos: new Set(state.unseenSos).add(id) })),
  openJob: (openJobId) => set({ openJobId }),
  sosSeen: (id) =>
    set((state) => {
      if (!state.unseenSos.has(id)) return state;
      const unseenSos = new Set(state.unseenSos);
      unseenSos.delete(id);
      return { unseenSos };
    }),
}));
