/** Every flow of flows.ts in firefox (driver: adapters.ts). */
import { defineFlows } from './flows';

defineFlows('firefox');
