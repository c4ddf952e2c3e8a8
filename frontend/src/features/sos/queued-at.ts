/**
 * When a request saved on the phone was made, as the saved-offline card says it. A chunk of its own,
 * loaded when the card first shows: contracts' time module makes its eight date formats as it loads,
 * about 80 ms of a cheap phone's main thread that the page's opening need not pay. The page preloads
 * it (without running it), so it is there when the card shows with no signal.
 */
export { formatPerthDateTime as queuedAt } from '@towing/contracts';
