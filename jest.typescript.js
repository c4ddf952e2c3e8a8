/**
 * How Jest reads our TypeScript: SWC strips the types file by file and emits what tsc would for
 * our tsconfigs (ES2023 class fields, legacy decorators with their design-time metadata, which
 * Nest's injection and TypeORM's columns read; the JSX runtime React 17+ uses). Types are not
 * checked here: `npm test` runs tsc over the sources and the tests before Jest.
 */
export function typescriptTransform({ jsx = false } = {}) {
  return [
    '@swc/jest',
    {
      swcrc: false,
      jsc: {
        target: 'es2023',
        parser: { syntax: 'typescript', tsx: jsx, decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true, ...(jsx ? { react: { runtime: 'automatic' } } : {}) },
        keepClassNames: true,
      },
    },
  ];
}
