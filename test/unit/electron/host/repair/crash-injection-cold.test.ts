// Crash injection of a repair that plans while it writes (a digest only): 25 SIGKILLs (crash-injection-planned.test.ts has the other 25).
import { crashInjection } from './crash-harness.js';

crashInjection('cold', 25);
