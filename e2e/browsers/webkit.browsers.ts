/** Every flow of flows.ts in webkit (driver: adapters.ts). */
import { defineFlows } from './flows';

defineFlows('webkit');
