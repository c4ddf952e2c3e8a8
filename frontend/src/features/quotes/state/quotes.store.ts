import { create } from 'zustand';

/** What this board asked of the quotes and is waiting to hear about; the quotes themselves are the query cache's (quotes-data.ts). */
interface QuotesState {
  /** Quotes whose Email Quote this board asked for and the worker has not yet said how it went. */
  emailing: Record<string, true>;
  emailRequested(id: string): void;
  emailSettled(id: string): void;
}

export const useQuotesStore = create<QuotesState>((set) => ({
  emailing: {},
  emailRequested: (id) => set((state) => ({ emailing: { ...state.emailing, [id]: true } })),
  emailSettled: (id) =>
    set((state) => {
      const { [id]: _settled, ...rest } = state.emailing;
      return { emailing: rest };
    }),
}));
