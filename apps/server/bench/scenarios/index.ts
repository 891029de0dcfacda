import type { Scenario } from '../scenario';
import { health, profile } from './foundation';
import { fullProfile } from './profile-sections';

/** Every scenario `npm run bench` runs, in order. Add a feature's scenarios here. */
export const scenarios: Scenario[] = [health, profile, fullProfile];
