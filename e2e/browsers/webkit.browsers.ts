/** Every journey of journeys.ts in webkit (driver: adapters.ts). */
import { defineJourneys } from './journeys';

defineJourneys('webkit');
