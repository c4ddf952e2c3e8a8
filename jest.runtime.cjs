/**
 * Jest's runtime, with V8's compilation cache back for CommonJS modules that cannot import().
 *
 * In ESM mode Jest compiles every CommonJS module (most of node_modules) with an
 * importModuleDynamically callback of its own, and Node 20 gives each such script options V8
 * cannot match: no compile of a module is ever reused, so every test file parses Nest, TypeORM,
 * antd and the rest from nothing again. A script with no import() needs no callback; compiled
 * without one, the second test file in a worker reuses what the first compiled. The rest are
 * compiled as Jest compiles them.
 */
const { Script } = require('node:vm');
const Runtime = require('jest-runtime').default;

// A Jest worker ends at once when Jest has told it to (its loop is then empty). Left to end by
// itself, Node frees the worker's heap first (1.3 to 1.4 GB by a full run's end), which took 600
// to 750 ms: longer than the 500 ms Jest waits before it kills a worker and says it failed to exit.
process.once('beforeExit', (code) => process.exit(code));

/** A dynamic import, or something that looks like one (a comment): those keep Jest's callback. */
const DYNAMIC_IMPORT = /\bimport\s*\(/;

module.exports = class CachedCompileRuntime extends Runtime {
  createScriptFromCode(scriptSource, filename) {
    if (DYNAMIC_IMPORT.test(scriptSource) || this._resolver.isCoreModule(filename)) return super.createScriptFromCode(scriptSource, filename);
    try {
      return new Script(this.wrapCodeInModuleWrapper(scriptSource), {
        columnOffset: this._fileTransforms.get(filename)?.wrapperLength,
        displayErrors: true,
        filename,
      });
    } catch {
      // A syntax error: Jest's own compile reports it as it reports any.
      return super.createScriptFromCode(scriptSource, filename);
    }
  }
};
