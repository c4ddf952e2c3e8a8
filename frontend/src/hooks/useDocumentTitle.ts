import { BUSINESS } from '@towing/contracts';
import { useEffect } from 'react';

/** '<screen> | <business name>', the tab title pattern of every screen except Home. */
export function screenTitle(screen: string): string {
  return `${screen} | ${BUSINESS.name}`;
}

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
