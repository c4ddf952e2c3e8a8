import { EnvironmentError, type Environment, loadEnvironment } from './environment.js';
import { checkServices } from './preflight.js';

/** Reads the environment and checks the services; on any problem prints it and exits 1. */
export async function bootEnvironment(processName: string): Promise<Environment> {
  let environment: Environment;
  try {
    environment = loadEnvironment();
  } catch (error) {
    if (!(error instanceof EnvironmentError)) throw error;
    console.error(`[${processName}] ${error.message}`);
    process.exit(1);
  }
  const problems = await checkServices(environment);
  if (problems.length > 0) {
    for (const problem of problems) console.error(`[${processName}] ${problem}`);
    process.exit(1);
  }
  return environment;
}
