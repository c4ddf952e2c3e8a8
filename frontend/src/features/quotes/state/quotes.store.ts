import type { Quote } from '@towing/contracts';
import { create } from 'zustand';

interface QuotesState {
  loaded: boolean;
  /** Newest first, as GET /api/quotes answers. */
  quotes: Quote[];
  /** Quotes whose Email Quote this board asked for and the worker has not yet said how it went. */
  emailing: Record<string, true>;
  replace(quotes: Quote[]): void;
  upsert(quote: Quote): void;
  remove(id: string): void;
  emailRequested(id: string): void;
  emailSettled(id: string): void;
}

export const useQuotesStore = create<QuotesState>((set) => ({
  loaded: false,
  quotes: [],
  emailing: {},
  replace: (quotes) => set({ quotes, loaded: true }),
  upsert: (quote) =>
    set((state) => {
      const index = state.quotes.findIndex((entry) => entry.id === quote.id);
      if (index === -1) return { quotes: [quote, ...state.quotes] };
      const quotes = [...state.quotes];
      quotes[index] = quote;
      return { quotes };
    }),
  remove: (id) => set((state) => ({ quotes: state.quotes.filter((quote) => quote.id !== id) })),
  emailRequested: (id) => set((state) => ({ emailing: { ...state.emailing, [id]: true } })),
  emailSettled: (id) =>
    set((state) => {
      const { [id]: _settled, ...rest } = state.emailing;
      return { emailing: rest };
    }),
}));
