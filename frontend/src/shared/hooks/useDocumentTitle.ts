import { BUSINESS } from '@towing/contracts';
import { useEffect } from 'react';

/** '<screen> | <business name>', the tab title pattern of every screen except Home. */
export function screenTitle(screen: string): string {
  return `${screen} | ${BUSINESS.name}`;
}

/** The title a screen asked for while being rendered to HTML at build time, where there is no document. */
let prerenderedTitle: string | undefined;

/** Hands over the title the last prerendered screen asked for, for the page's <title>. */
export function takePrerenderedTitle(): string | undefined {
  const title = prerenderedTitle;
  prerenderedTitle = undefined;
  return title;
}

export function useDocumentTitle(title: string): void {
  if (typeof document === 'undefined') prerenderedTitle = title;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
