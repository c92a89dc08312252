/** Every journey of journeys.ts in chromium (driver: adapters.ts). */
import { defineJourneys } from './journeys';

defineJourneys('chromium');
