// The seeded adversarial-extras sessions against the release's replays (see check.ts).
import { describe } from 'vitest';
import { agreementTest } from './check.js';

describe('agreement with OpenClaw 2026.9.6 (recorded replays)', () => {
  agreementTest('adversarial-extras');
});
