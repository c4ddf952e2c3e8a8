import { ConsoleLogger, type LogLevel } from '@nestjs/common';

/** Nest's start-up contexts that list every module and route: over a hundred lines nobody starting the app reads. */
const WIRING_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer']);

/** Nest's console logger, with the module and route listing at debug level, so start-up shows what a person needs. */
export class RouteLinesAtDebug extends ConsoleLogger {
  constructor(logLevels: LogLevel[]) {
    super({ logLevels });
  }

  override log(message: unknown, ...rest: unknown[]): void {
    const context = rest.at(-1);
    if (typeof context === 'string' && WIRING_CONTEXTS.has(context)) super.debug(message, ...rest);
    else super.log(message, ...rest);
  }
}
