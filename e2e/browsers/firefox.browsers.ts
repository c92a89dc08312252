/** Every journey of journeys.ts in firefox (driver: adapters.ts). */
import { defineJourneys } from './journeys';

defineJourneys('firefox');
