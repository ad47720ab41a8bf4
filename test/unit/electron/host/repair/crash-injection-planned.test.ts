// Crash injection of a repair that planned first, as the CLI and the app do: 25 SIGKILLs (crash-injection-cold.test.ts has the other 25).
import { crashInjection } from './crash-harness.js';

crashInjection('planned', 25);
