/** Every flow of flows.ts in chromium (driver: adapters.ts). */
import { defineFlows } from './flows';

defineFlows('chromium');
